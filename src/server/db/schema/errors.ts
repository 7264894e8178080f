/**
 * The error log (issue #11; spec section 3): `error_logs` with the spec's columns (id, severity,
 * resolved, timestamp, error_type, error_message, stack_trace, file_path, line_number,
 * column_number, user_agent, url, context, user_id) and `error_metrics` (date, error_count,
 * critical_count, warning_count, unique_errors), plus what grouping needs beyond the spec: the
 * fingerprint (src/domain/error-fingerprint.ts), when and by whom an entry was resolved, whether it
 * came from a browser or the server, whether it reopened a resolved group, and
 * `error_fingerprint_days` (one row per Tampa day and fingerprint) behind `unique_errors`.
 *
 * Rows are written only by the SQL function `log_error` and changed only by `resolve_error` /
 * `resolve_error_group`; `error_metrics` and `error_fingerprint_days` are kept by the AFTER
 * INSERT trigger on error_logs, which also NOTIFYs the channel `error_logs` (migration 0015).
 * Nothing in Node computes the metrics.
 */
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ERROR_SEVERITIES, ERROR_SOURCES } from '../../../domain/errors-contract';
import { user } from './auth';

export const errorSeverity = pgEnum('error_severity', ERROR_SEVERITIES);
export const errorSource = pgEnum('error_source', ERROR_SOURCES);

export const errorLogs = pgTable(
  'error_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    severity: errorSeverity('severity').notNull().default('error'),
    resolved: boolean('resolved').notNull().default(false),
    /** When it happened (the app's clock, passed by `log_error`'s p_timestamp). */
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
    errorType: text('error_type').notNull(),
    errorMessage: text('error_message').notNull(),
    stackTrace: text('stack_trace'),
    filePath: text('file_path'),
    lineNumber: integer('line_number'),
    columnNumber: integer('column_number'),
    userAgent: text('user_agent'),
    url: text('url'),
    /** Scrubbed JSON: the page's route and language for a browser, the request id, method, path or job for the server. */
    context: jsonb('context').$type<Record<string, unknown>>(),
    /** The signed-in user who met it (from the session); null for a visitor or the server's own jobs. */
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    /** 16 hexadecimal characters; entries with the same one are a group. */
    fingerprint: text('fingerprint').notNull(),
    source: errorSource('source').notNull().default('client'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    /** Its fingerprint had entries, all resolved, when this one came in. */
    regression: boolean('regression').notNull().default(false),
  },
  (t) => [
    // the latest 100 / 1000 entries (list and counters)
    index('error_logs_timestamp_idx').on(t.timestamp.desc()),
    // a group's entries, newest first; regression check and group resolve
    index('error_logs_fingerprint_idx').on(t.fingerprint, t.timestamp.desc()),
    index('error_logs_severity_idx').on(t.severity, t.timestamp.desc()),
    // open entries of a group: the regression check of every insert, the unresolved filter
    index('error_logs_open_fingerprint_idx').on(t.fingerprint).where(sql`not ${t.resolved}`),
  ],
);

export const errorMetrics = pgTable('error_metrics', {
  /** A Tampa (America/New_York) calendar day. */
  date: date('date', { mode: 'string' }).primaryKey(),
  errorCount: integer('error_count').notNull().default(0),
  criticalCount: integer('critical_count').notNull().default(0),
  warningCount: integer('warning_count').notNull().default(0),
  /** Distinct fingerprints seen that day. */
  uniqueErrors: integer('unique_errors').notNull().default(0),
});

export const errorFingerprintDays = pgTable(
  'error_fingerprint_days',
  {
    date: date('date', { mode: 'string' }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    occurrences: integer('occurrences').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.date, t.fingerprint] })],
);
