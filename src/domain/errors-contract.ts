/**
 * The error log's API contract (issue #11; spec sections 3, 4, 7, 8, 9): what a browser or the
 * server logs (`POST /api/errors`, stored by the SQL function `log_error`), what an admin reads
 * and resolves on /admin/errors (`/api/admin/errors/*`), the count-only live counter any
 * signed-in user may read (`GET /api/errors/counts`, docs/decisions/015-error-log-access.md) and
 * the two messages of the live stream (`GET /api/events`). Shared by the routes
 * (src/server/modules/errors/) and the web (src/web/lib/error-logging.ts, src/web/features/errors/).
 *
 * Field names are the spec's column names (`error_type`, `error_message`, ...); instants are
 * ISO-8601 strings, days `YYYY-MM-DD` in Tampa time. Validation messages are i18n keys.
 */
import { z } from 'zod';
import { FINGERPRINT_PATTERN } from './error-fingerprint';
import { ERROR_LOG_LIMITS, ERROR_SEVERITIES, ERROR_SOURCES } from './error-log-limits';

export { ERROR_LOG_LIMITS, ERROR_SEVERITIES, ERROR_SOURCES };
export type { ErrorSeverity, ErrorSource } from './error-log-limits';
import { hasNoNul } from './text';

/** Spec section 9: the error log fetch default, the counter baseline, the metrics window. */
export const ERROR_LIST_DEFAULT_LIMIT = 100;
export const ERROR_COUNTER_BASELINE = 1000;
export const ERROR_METRICS_DEFAULT_DAYS = 7;
export const ERROR_METRICS_MAX_DAYS = 90;

const text = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .max(max, { error: 'validation.tooLong' })
    .refine(hasNoNul, { error: 'validation.invalidCharacters' });
const optionalText = (max: number) => text(max).nullable().optional();
const position = z
  .number({ error: 'errorLog.validation.positionInvalid' })
  .int({ error: 'errorLog.validation.positionInvalid' })
  .min(0, { error: 'errorLog.validation.positionInvalid' })
  .max(ERROR_LOG_LIMITS.position, { error: 'errorLog.validation.positionInvalid' })
  .nullable()
  .optional();

export const errorSeveritySchema = z.enum(ERROR_SEVERITIES, { error: 'errorLog.validation.severityInvalid' });

/** A JSON object of at most ERROR_LOG_LIMITS.contextBytes bytes (UTF-8). */
const contextSchema = z
  .record(z.string(), z.unknown(), { error: 'errorLog.validation.contextInvalid' })
  .refine((value) => new TextEncoder().encode(JSON.stringify(value)).length <= ERROR_LOG_LIMITS.contextBytes, { error: 'errorLog.validation.contextTooLarge' });

/**
 * `POST /api/errors` (the spec's `log_error` parameters without `p_user_id`: the user is the
 * session's, never the body's; a `user_id` in the body is ignored). Only `error_message` is
 * required; `error_type` defaults to `Error`, `severity` to `error` (spec section 8).
 */
export const logErrorRequestSchema = z
  .object({
    error_message: text(ERROR_LOG_LIMITS.errorMessage).refine((value) => value.trim() !== '', { error: 'errorLog.validation.messageRequired' }),
    error_type: text(ERROR_LOG_LIMITS.errorType).optional(),
    stack_trace: optionalText(ERROR_LOG_LIMITS.stackTrace),
    file_path: optionalText(ERROR_LOG_LIMITS.filePath),
    line_number: position,
    column_number: position,
    user_agent: optionalText(ERROR_LOG_LIMITS.userAgent),
    url: optionalText(ERROR_LOG_LIMITS.url),
    severity: errorSeveritySchema.optional(),
    context: contextSchema.nullable().optional(),
  })
  .meta({ id: 'LogErrorRequest' });
export type LogErrorRequest = z.input<typeof logErrorRequestSchema>;

/** The entry `POST /api/errors` stored (201). */
export const loggedErrorSchema = z.object({ id: z.uuid(), fingerprint: z.string() }).meta({ id: 'LoggedError' });
export type LoggedError = z.infer<typeof loggedErrorSchema>;

/** One entry as the list shows it (no stack trace, context or user agent: the detail has them). */
export const errorLogSummarySchema = z
  .object({
    id: z.uuid(),
    severity: errorSeveritySchema,
    resolved: z.boolean(),
    timestamp: z.iso.datetime({ offset: true }),
    error_type: z.string(),
    error_message: z.string(),
    file_path: z.string().nullable(),
    line_number: z.number().int().nullable(),
    column_number: z.number().int().nullable(),
    url: z.string().nullable(),
    user_id: z.string().nullable(),
    /** 16 hexadecimal characters (src/domain/error-fingerprint.ts). */
    fingerprint: z.string(),
    source: z.enum(ERROR_SOURCES),
    resolved_at: z.iso.datetime({ offset: true }).nullable(),
    /** This fingerprint had been resolved entirely when this entry came in. */
    regression: z.boolean(),
  })
  .meta({ id: 'ErrorLogSummary' });
export type ErrorLogSummary = z.infer<typeof errorLogSummarySchema>;

/** `GET /api/admin/errors/{id}`: everything stored, with the user's name and e-mail. */
export const errorLogEntrySchema = errorLogSummarySchema
  .extend({
    stack_trace: z.string().nullable(),
    user_agent: z.string().nullable(),
    context: z.record(z.string(), z.unknown()).nullable(),
    user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'ErrorLogEntry' });
export type ErrorLogEntry = z.infer<typeof errorLogEntrySchema>;

const resolvedFilter = z.enum(['true', 'false'], { error: 'validation.invalid' }).transform((value) => value === 'true');
const fingerprintSchema = z.string().regex(FINGERPRINT_PATTERN, { error: 'validation.invalid' });

/** `GET /api/admin/errors?severity=&resolved=&fingerprint=&limit=`: newest first, 100 by default (spec section 9). */
export const errorListQuerySchema = z.object({
  severity: errorSeveritySchema.optional(),
  resolved: resolvedFilter.optional(),
  fingerprint: fingerprintSchema.optional(),
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(ERROR_LIST_DEFAULT_LIMIT, { error: 'validation.invalid' })
    .default(ERROR_LIST_DEFAULT_LIMIT),
});
export type ErrorListQuery = z.input<typeof errorListQuerySchema>;

export const errorLogListSchema = z.object({ entries: z.array(errorLogSummarySchema) }).meta({ id: 'ErrorLogList' });
export type ErrorLogList = z.infer<typeof errorLogListSchema>;

/** `GET /api/admin/errors/groups?severity=&resolved=`: `resolved=false` keeps groups with an open entry, `true` those with none. */
export const errorGroupQuerySchema = z.object({ severity: errorSeveritySchema.optional(), resolved: resolvedFilter.optional() });
export type ErrorGroupQuery = z.input<typeof errorGroupQuerySchema>;

/** Entries sharing a fingerprint. */
export const errorGroupSchema = z
  .object({
    fingerprint: z.string(),
    error_type: z.string(),
    /** The latest entry's message. */
    error_message: z.string(),
    /** The strongest severity among the entries. */
    severity: errorSeveritySchema,
    count: z.number().int(),
    unresolved_count: z.number().int(),
    first_seen: z.iso.datetime({ offset: true }),
    last_seen: z.iso.datetime({ offset: true }),
    /** Distinct signed-in users (visitors who were not signed in are not counted). */
    affected_users: z.number().int(),
    /** An open entry arrived after the whole group had been resolved. */
    regression: z.boolean(),
    /** When an entry of the group was last resolved; null if never. */
    last_resolved_at: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'ErrorGroup' });
export type ErrorGroup = z.infer<typeof errorGroupSchema>;

/** The 100 groups seen most recently. */
export const errorGroupListSchema = z.object({ groups: z.array(errorGroupSchema) }).meta({ id: 'ErrorGroupList' });
export type ErrorGroupList = z.infer<typeof errorGroupListSchema>;

/** `GET /api/errors/counts`: over the latest 1000 entries (spec sections 4, 9); counts only, for any signed-in user. */
export const errorCountsSchema = z
  .object({ total: z.number().int(), critical: z.number().int(), unresolved: z.number().int(), window: z.number().int() })
  .meta({ id: 'ErrorCounts' });
export type ErrorCounts = z.infer<typeof errorCountsSchema>;

/** `GET /api/admin/errors/metrics?days=7`: 1-90 days, today included. */
export const errorMetricsQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(ERROR_METRICS_MAX_DAYS, { error: 'validation.invalid' })
    .default(ERROR_METRICS_DEFAULT_DAYS),
});

/** One `error_metrics` row (spec section 3); a day without entries is all zeros. */
export const errorMetricsDaySchema = z.object({
  date: z.iso.date(),
  error_count: z.number().int(),
  critical_count: z.number().int(),
  warning_count: z.number().int(),
  unique_errors: z.number().int(),
});
export type ErrorMetricsDay = z.infer<typeof errorMetricsDaySchema>;

/** Every day of the window, newest first (spec section 7: ordered by date descending). */
export const errorMetricsSchema = z.object({ days: z.number().int(), metrics: z.array(errorMetricsDaySchema) }).meta({ id: 'ErrorMetrics' });
export type ErrorMetrics = z.infer<typeof errorMetricsSchema>;

/** `POST /api/admin/errors/{id}/resolve`: `changed` is false when it was resolved already (the counter then stays). */
export const resolvedErrorSchema = z
  .object({ id: z.uuid(), resolved: z.literal(true), changed: z.boolean(), resolved_at: z.iso.datetime({ offset: true }) })
  .meta({ id: 'ResolvedError' });
export type ResolvedError = z.infer<typeof resolvedErrorSchema>;

/** `POST /api/admin/errors/groups/{fingerprint}/resolve`: how many open entries it resolved. */
export const resolvedErrorGroupSchema = z.object({ fingerprint: z.string(), resolved_count: z.number().int() }).meta({ id: 'ResolvedErrorGroup' });
export type ResolvedErrorGroup = z.infer<typeof resolvedErrorGroupSchema>;

export const fingerprintParams = z.object({ fingerprint: fingerprintSchema });

/** `event: error_log` on `GET /api/events`, admins only: a new entry, its text cut to 1000 characters. */
export const errorLogNoticeSchema = z
  .object({ id: z.uuid(), severity: errorSeveritySchema, error_type: z.string(), error_message: z.string() })
  .meta({ id: 'ErrorLogNotice' });
export type ErrorLogNotice = z.infer<typeof errorLogNoticeSchema>;

/** `event: error_count` on `GET /api/events`, every other signed-in user: a new entry's severity, nothing else. */
export const errorCountNudgeSchema = z.object({ severity: errorSeveritySchema }).meta({ id: 'ErrorCountNudge' });
export type ErrorCountNudge = z.infer<typeof errorCountNudgeSchema>;
