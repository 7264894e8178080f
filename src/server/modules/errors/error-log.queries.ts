/**
 * Reads of the error log (issue #11; spec sections 4, 7, 9), every number from an SQL aggregate:
 *  - `listErrors`: the latest entries, newest first (100 by default), by severity, resolved, fingerprint;
 *  - `errorDetail`: one entry with the user's name and e-mail;
 *  - `errorGroups`: entries grouped by fingerprint (count, first and last seen, affected users, regression);
 *  - `errorCounts`: total / critical / unresolved over the latest 1000 entries (the live counters' baseline);
 *  - `dailyErrorMetrics`: error_metrics for a window of Tampa days, newest first, missing days as zeros.
 * Instants are answered as ISO-8601 strings.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ErrorCounts, ErrorGroup, ErrorLogEntry, ErrorLogSummary, ErrorMetricsDay, ErrorSeverity } from '../../../domain/errors-contract';
import { ERROR_COUNTER_BASELINE } from '../../../domain/errors-contract';
import type { Database } from '../../db/client';
import { errorLogs, errorMetrics, user } from '../../db/schema';

const summaryColumns = {
  id: errorLogs.id,
  severity: errorLogs.severity,
  resolved: errorLogs.resolved,
  timestamp: errorLogs.timestamp,
  error_type: errorLogs.errorType,
  error_message: errorLogs.errorMessage,
  file_path: errorLogs.filePath,
  line_number: errorLogs.lineNumber,
  column_number: errorLogs.columnNumber,
  url: errorLogs.url,
  user_id: errorLogs.userId,
  fingerprint: errorLogs.fingerprint,
  source: errorLogs.source,
  resolved_at: errorLogs.resolvedAt,
  regression: errorLogs.regression,
};

const iso = (instant: Date) => instant.toISOString();

function toSummary(row: Record<keyof typeof summaryColumns, unknown>): ErrorLogSummary {
  const r = row as unknown as Omit<ErrorLogSummary, 'timestamp' | 'resolved_at'> & { timestamp: Date; resolved_at: Date | null };
  return { ...r, timestamp: iso(r.timestamp), resolved_at: r.resolved_at ? iso(r.resolved_at) : null };
}

export interface ErrorListFilter {
  severity?: ErrorSeverity;
  resolved?: boolean;
  fingerprint?: string;
  /** 1-100. */
  limit: number;
}

/** The latest entries matching the filter, newest first. */
export async function listErrors(db: Database, filter: ErrorListFilter): Promise<ErrorLogSummary[]> {
  const conditions: SQL[] = [];
  if (filter.severity) conditions.push(eq(errorLogs.severity, filter.severity));
  if (filter.resolved !== undefined) conditions.push(eq(errorLogs.resolved, filter.resolved));
  if (filter.fingerprint) conditions.push(eq(errorLogs.fingerprint, filter.fingerprint));
  const rows = await db
    .select(summaryColumns)
    .from(errorLogs)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(errorLogs.timestamp), desc(errorLogs.id))
    .limit(filter.limit);
  return rows.map(toSummary);
}

/** One entry with everything stored and its user; null when there is none. */
export async function errorDetail(db: Database, id: string): Promise<ErrorLogEntry | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      stack_trace: errorLogs.stackTrace,
      user_agent: errorLogs.userAgent,
      context: errorLogs.context,
      userName: user.name,
      userEmail: user.email,
    })
    .from(errorLogs)
    .leftJoin(user, eq(user.id, errorLogs.userId))
    .where(eq(errorLogs.id, id));
  if (!row) return null;
  const { stack_trace, user_agent, context, userName, userEmail, ...summary } = row;
  return {
    ...toSummary(summary),
    stack_trace,
    user_agent,
    context: context ?? null,
    user: summary.user_id && userEmail !== null ? { id: summary.user_id, name: userName ?? '', email: userEmail } : null,
  };
}

/** How many groups the groups view shows: the ones seen most recently. */
const GROUP_LIMIT = 100;

/** Groups by fingerprint, most recently seen first; `resolved` false keeps groups with an open entry, true those without. */
export async function errorGroups(db: Database, filter: { severity?: ErrorSeverity; resolved?: boolean }): Promise<ErrorGroup[]> {
  const open = sql<number>`count(*) filter (where not ${errorLogs.resolved})::int`;
  const rows = await db
    .select({
      fingerprint: errorLogs.fingerprint,
      error_type: sql<string>`(array_agg(${errorLogs.errorType} order by ${errorLogs.timestamp} desc))[1]`,
      error_message: sql<string>`(array_agg(${errorLogs.errorMessage} order by ${errorLogs.timestamp} desc))[1]`,
      // the enum is declared strongest first, so min() is the strongest severity
      severity: sql<ErrorSeverity>`min(${errorLogs.severity})`,
      count: sql<number>`count(*)::int`,
      unresolved_count: open,
      first_seen: sql<Date>`min(${errorLogs.timestamp})`.mapWith(errorLogs.timestamp),
      last_seen: sql<Date>`max(${errorLogs.timestamp})`.mapWith(errorLogs.timestamp),
      affected_users: sql<number>`count(distinct ${errorLogs.userId})::int`,
      regression: sql<boolean>`coalesce(bool_or(${errorLogs.regression} and not ${errorLogs.resolved}), false)`,
      last_resolved_at: sql<Date | null>`max(${errorLogs.resolvedAt})`.mapWith(errorLogs.resolvedAt),
    })
    .from(errorLogs)
    .where(filter.severity ? eq(errorLogs.severity, filter.severity) : undefined)
    .groupBy(errorLogs.fingerprint)
    .having(filter.resolved === undefined ? undefined : filter.resolved ? sql`${open} = 0` : sql`${open} > 0`)
    .orderBy(desc(sql`max(${errorLogs.timestamp})`))
    .limit(GROUP_LIMIT);
  return rows.map((row) => ({
    ...row,
    count: Number(row.count),
    unresolved_count: Number(row.unresolved_count),
    affected_users: Number(row.affected_users),
    regression: Boolean(row.regression),
    first_seen: iso(row.first_seen),
    last_seen: iso(row.last_seen),
    last_resolved_at: row.last_resolved_at ? iso(row.last_resolved_at) : null,
  }));
}

/** Total, critical and unresolved among the latest 1000 entries (spec: "select id, severity, resolved with limit 1000"). */
export async function errorCounts(db: Database): Promise<ErrorCounts> {
  const latest = db.select({ severity: errorLogs.severity, resolved: errorLogs.resolved }).from(errorLogs).orderBy(desc(errorLogs.timestamp)).limit(ERROR_COUNTER_BASELINE).as('latest');
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      critical: sql<number>`(count(*) filter (where ${latest.severity} = 'critical'))::int`,
      unresolved: sql<number>`(count(*) filter (where not ${latest.resolved}))::int`,
    })
    .from(latest);
  return { total: Number(row?.total ?? 0), critical: Number(row?.critical ?? 0), unresolved: Number(row?.unresolved ?? 0), window: ERROR_COUNTER_BASELINE };
}

/**
 * error_metrics from `from` to `to` (Tampa dates, both included), newest first; a day without a
 * row (no entries) is answered with zeros.
 */
export async function dailyErrorMetrics(db: Database, window: { from: string; to: string }): Promise<ErrorMetricsDay[]> {
  const days = sql`(select (${window.from}::date + offs)::date as day from generate_series(0, ${window.to}::date - ${window.from}::date) as offs)`;
  const result = await db.execute<Record<string, unknown>>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date,
      coalesce(m.${sql.identifier(errorMetrics.errorCount.name)}, 0)::int as error_count,
      coalesce(m.${sql.identifier(errorMetrics.criticalCount.name)}, 0)::int as critical_count,
      coalesce(m.${sql.identifier(errorMetrics.warningCount.name)}, 0)::int as warning_count,
      coalesce(m.${sql.identifier(errorMetrics.uniqueErrors.name)}, 0)::int as unique_errors
    from ${days} d
    left join ${errorMetrics} m on m.${sql.identifier(errorMetrics.date.name)} = d.day
    order by d.day desc`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    date: String(row.date),
    error_count: Number(row.error_count),
    critical_count: Number(row.critical_count),
    warning_count: Number(row.warning_count),
    unique_errors: Number(row.unique_errors),
  }));
}
