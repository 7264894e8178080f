/**
 * The error log's live events (issue #11; spec section 4: "counts grow by live insert events, a
 * new critical entry raises a toast"): the AFTER INSERT trigger on `error_logs` (migration 0015)
 * runs `pg_notify('error_logs', {id, severity, error_type, error_message})` after commit; the
 * realtime hub (booking-event-hub.ts) listens on this channel too and fans each notice out to
 * its error subscribers, the SSE streams of `GET /api/events` (events.routes.ts), which send
 *  - admins `event: error_log` with the notice (ErrorLogNotice),
 *  - every other signed-in user `event: error_count` with the severity only (ErrorCountNudge),
 * as docs/decisions/015-error-log-access.md decides.
 */
import { ERROR_SEVERITIES, type ErrorCountNudge, type ErrorLogNotice } from '../../domain/errors-contract';
import type { Role } from '../auth/roles';
import { payloadObject } from './notify-payload';

/** The NOTIFY channel of the error_logs trigger. */
export const ERROR_LOGS_CHANNEL = 'error_logs';

export type { ErrorLogNotice };

/** Called once per new entry; must return quickly. */
export type ErrorLogListener = (notice: ErrorLogNotice) => void;

/**
 * Reads a NOTIFY payload of the error_logs trigger.
 * @returns null when it is not the expected JSON object (logged by the caller)
 */
export function parseErrorLogNotice(payload: string): ErrorLogNotice | null {
  const v = payloadObject(payload);
  if (!v) return null;
  if (typeof v.id !== 'string' || !ERROR_SEVERITIES.includes(v.severity as never) || typeof v.error_type !== 'string' || typeof v.error_message !== 'string') return null;
  return { id: v.id, severity: v.severity as ErrorLogNotice['severity'], error_type: v.error_type, error_message: v.error_message };
}

/** What a viewer's stream carries for a new entry: the notice for admins, the severity for everyone else. */
export function errorEventFor(role: Role, notice: ErrorLogNotice): { event: 'error_log'; data: ErrorLogNotice } | { event: 'error_count'; data: ErrorCountNudge } {
  if (role === 'admin') return { event: 'error_log', data: notice };
  return { event: 'error_count', data: { severity: notice.severity } };
}
