/**
 * Writes to the error log, always through the SQL functions of migration 0015 (issue #11; spec
 * section 7): `log_error` stores an entry (its trigger keeps error_metrics and NOTIFYs the live
 * dashboard), `resolve_error` / `resolve_error_group` resolve one entry or a whole fingerprint.
 *
 * Before storing, every text and the context are scrubbed again (src/domain/error-scrub.ts: a
 * browser's own scrub is not trusted), cut to the caps of ERROR_LOG_LIMITS, and the entry's
 * fingerprint is computed (src/domain/error-fingerprint.ts) and passed as `p_fingerprint`.
 */
import { sql } from 'drizzle-orm';
import { errorFingerprint } from '../../../domain/error-fingerprint';
import { scrubContext, scrubText } from '../../../domain/error-scrub';
import { ERROR_LOG_LIMITS, type ErrorSeverity, type ErrorSource } from '../../../domain/errors-contract';
import type { Database } from '../../db/client';

/** One entry's fields, named as the spec's columns; only the message is required. */
export interface ErrorLogFields {
  error_message: string;
  error_type?: string | null;
  stack_trace?: string | null;
  file_path?: string | null;
  line_number?: number | null;
  column_number?: number | null;
  user_agent?: string | null;
  url?: string | null;
  severity?: ErrorSeverity | null;
  context?: Record<string, unknown> | null;
}

export interface ErrorLogOrigin {
  /** The signed-in user (from the session), or null. */
  userId: string | null;
  source: ErrorSource;
  /** When it happened: the app's clock. */
  at: Date;
}

/** Scrubbed and cut to `max` characters; null for nothing. */
function clean(value: string | null | undefined, max: number): string | null {
  if (value === null || value === undefined) return null;
  const scrubbed = scrubText(value.replace(/\u0000/g, ''));
  return scrubbed.length > max ? scrubbed.slice(0, max) : scrubbed;
}

/** A context that fits the cap once scrubbed; a larger one keeps its keys' names only. */
function cleanContext(context: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  const scrubbed = scrubContext(context);
  if (!scrubbed) return null;
  // jsonb cannot hold U+0000; redaction may lengthen the text a little, hence twice the cap
  const json = JSON.stringify(scrubbed, (_key, value: unknown) => (typeof value === 'string' ? value.replace(/\u0000/g, '') : value));
  if (json.length <= ERROR_LOG_LIMITS.contextBytes * 2) return JSON.parse(json) as Record<string, unknown>;
  return { truncated: true, keys: Object.keys(scrubbed).slice(0, 50) };
}

/** A line or column number the column can hold, else null. */
const position = (value: number | null | undefined) => (Number.isInteger(value) && value! >= 0 && value! <= ERROR_LOG_LIMITS.position ? value! : null);

/**
 * Stores one entry with `log_error`.
 * @returns the new entry's id and fingerprint
 * @throws the database's error (e.g. unreachable); callers that must never fail catch it
 */
export async function logError(db: Database, fields: ErrorLogFields, origin: ErrorLogOrigin): Promise<{ id: string; fingerprint: string }> {
  const errorType = clean(fields.error_type?.trim() || 'Error', ERROR_LOG_LIMITS.errorType)!;
  const message = clean(fields.error_message, ERROR_LOG_LIMITS.errorMessage) || errorType;
  const stack = clean(fields.stack_trace, ERROR_LOG_LIMITS.stackTrace);
  const context = cleanContext(fields.context);
  const fingerprint = errorFingerprint({ errorType, errorMessage: message, stackTrace: stack });
  const result = await db.execute<{ id: string }>(sql`select log_error(
    p_user_id => ${origin.userId}::text,
    p_error_message => ${message}::text,
    p_error_type => ${errorType}::text,
    p_stack_trace => ${stack}::text,
    p_file_path => ${clean(fields.file_path, ERROR_LOG_LIMITS.filePath)}::text,
    p_line_number => ${position(fields.line_number)}::integer,
    p_column_number => ${position(fields.column_number)}::integer,
    p_user_agent => ${clean(fields.user_agent, ERROR_LOG_LIMITS.userAgent)}::text,
    p_url => ${clean(fields.url, ERROR_LOG_LIMITS.url)}::text,
    p_severity => ${fields.severity ?? 'error'}::text,
    p_context => ${context === null ? null : JSON.stringify(context)}::jsonb,
    p_fingerprint => ${fingerprint}::text,
    p_source => ${origin.source}::text,
    p_timestamp => ${origin.at.toISOString()}::timestamptz
  )::text as id`);
  return { id: rowsOf<{ id: string }>(result)[0]!.id, fingerprint };
}

/**
 * Resolves one entry with `resolve_error`.
 * @returns true: resolved now; false: it was resolved already; null: no such entry
 */
export async function resolveError(db: Database, id: string, by: string, at: Date): Promise<boolean | null> {
  const result = await db.execute<{ changed: boolean | null }>(
    sql`select resolve_error(p_error_id => ${id}::uuid, p_resolved_by => ${by}::text, p_resolved_at => ${at.toISOString()}::timestamptz) as changed`,
  );
  return rowsOf<{ changed: boolean | null }>(result)[0]?.changed ?? null;
}

/**
 * Resolves every open entry of a fingerprint with `resolve_error_group`.
 * @returns how many were open and are resolved now (0: all were resolved already); null: no entry has it
 */
export async function resolveErrorGroup(db: Database, fingerprint: string, by: string, at: Date): Promise<number | null> {
  const result = await db.execute<{ changed: number | null }>(
    sql`select resolve_error_group(p_fingerprint => ${fingerprint}::text, p_resolved_by => ${by}::text, p_resolved_at => ${at.toISOString()}::timestamptz) as changed`,
  );
  const changed = rowsOf<{ changed: number | null }>(result)[0]?.changed;
  return changed === null || changed === undefined ? null : Number(changed);
}

/** The rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
