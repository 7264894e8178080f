/**
 * What every analytics report's SQL shares (issue #11): the Tampa date of an instant, the period
 * bounds, and reading rows the same way from PGlite and node-postgres. Every number is an SQL
 * aggregate; counts are cast to `int` and sums of cents to `float8` so both drivers answer JS
 * numbers (a `bigint` comes back as text from node-postgres), exact to the cent below 2^53.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsPeriod } from '../../../domain/analytics-reports';
import type { AnalyticsRange, ResolvedRange } from '../../../domain/analytics-range';
import { BUSINESS_TIME_ZONE } from '../../../domain/time-zone';
import type { Database } from '../../db/client';

/** A report's period: the preset (or custom) and its resolved Tampa dates and instants. */
export interface ReportRange extends ResolvedRange {
  range: AnalyticsRange;
}

/**
 * The Tampa date of a timestamptz column, as a `date` (cheap to sort and group; written out with
 * dateText once grouped). The zone is a literal, not a parameter, so that the same expression in
 * SELECT and GROUP BY is one expression to PostgreSQL.
 */
export const tampaDayOf = (column: SQL) => sql`(${column} at time zone ${sql.raw(`'${BUSINESS_TIME_ZONE}'`)})::date`;

/** A grouped `date` as `'YYYY-MM-DD'` (null stays null: the rows of a wider grouping set). */
export const dateText = (day: SQL) => sql`to_char(${day}, 'YYYY-MM-DD')`;

/**
 * Distinct visitors, counted by a 64-bit hash of the id (PostgreSQL's `hashtextextended`): an
 * integer sorts several times faster than the 36-character text the distinct count would
 * otherwise sort through the database's collation, which made the 90-day traffic report twice
 * as slow (bench/analytics.ts). Two different visitors count as one only if their ids share a
 * 64-bit hash: odds about n^2 / 2^65, under 3 in 100 million for a million visitors in a period.
 */
export const distinctVisitors = sql`count(distinct hashtextextended(visitor_id, 0))::int`;

/** `column >= startsAt and column < endsAt`. */
export const inPeriod = (column: SQL, range: ResolvedRange) => sql`${column} >= ${range.startsAt.toISOString()}::timestamptz and ${column} < ${range.endsAt.toISOString()}::timestamptz`;

/** The rows of a raw query, from either driver. */
export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const periodOf = (range: ReportRange): AnalyticsPeriod => ({ range: range.range, from: range.from, to: range.to, timeZone: BUSINESS_TIME_ZONE });

/** a / b, or null when b is 0. */
export const ratio = (a: number, b: number): number | null => (b === 0 ? null : a / b);

/** Rounds a cents amount that came from a division. */
export const roundCents = (value: number | null): number | null => (value === null ? null : Math.round(value));
