/**
 * NOTIFY payloads are JSON objects written by our triggers and `pg_notify` calls (booking events,
 * error logs, chat messages, chat activity). Each channel's parser checks its own fields; this
 * reads the object they all start from.
 */

/** The payload as a JSON object, or null when it is not valid JSON or not an object. */
export function payloadObject(payload: string): Record<string, unknown> | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** A payload field that is a string, else null (an absent customer or worker id). */
export const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
