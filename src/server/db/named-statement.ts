/**
 * Hot raw-SQL reads run as named prepared statements (issue #16,
 * docs/decisions/046-named-statements-for-hot-reads.md). A statement sent without a name is
 * parsed and planned by PostgreSQL on every execution: for booking creation's reads (the
 * settings with the key's earlier attempts, the workers of a date, a date's jobs) planning was
 * 0.15-0.43 ms each, a quarter of PostgreSQL's CPU per booking (`pg_stat_statements` with
 * `track_planning`). With a name, each connection parses the statement once and, after five
 * executions, keeps a generic plan when it costs no more than the custom ones.
 *
 * The name is a hash of the statement's text, so one name never stands for two texts
 * (node-postgres refuses that) and the same text always finds its parsed statement, inside a
 * transaction (its connection) as well as on the pool. Only for statements whose text does not
 * grow with the data (every value a parameter): each connection keeps every text it has seen.
 * On PGlite the name is ignored.
 */
import { createHash } from 'node:crypto';
import { getTableColumns, is, Param, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from './client';

/** Our database has no casing option, so a plain dialect writes the same SQL as the client's. */
const dialect = new PgDialect();

/**
 * Runs `query` like `db.execute(query)`, under a name derived from its text.
 * @returns the driver's rows (column names as written in the query)
 * @throws the driver's error when the statement fails
 */
export async function executeNamed<Row>(db: Database | Transaction, query: SQL): Promise<Row[]> {
  const built = dialect.sqlToQuery(query);
  const result = await db._.session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
  return (result as { rows: Row[] }).rows;
}

/** A parameter of a statement built once: a constant, or a placeholder's name and its column's encoder (if any). */
type BuiltParam = { constant: unknown } | { name: string; encode?: (value: unknown) => unknown };

function builtParam(param: unknown): BuiltParam {
  if (is(param, Param) && is(param.value, Placeholder)) {
    const encoder = param.encoder;
    return { name: param.value.name, encode: (value) => encoder.mapToDriverValue(value) };
  }
  return is(param, Placeholder) ? { name: param.name } : { constant: param };
}

/**
 * A parameter with this call's values: a placeholder's value through its column's encoder as
 * drizzle's `fillPlaceholders` does, except that null stays null (drizzle would hand it to the
 * encoder: a nullable timestamp's fails on it).
 */
function fill(param: BuiltParam, values: Record<string, unknown>): unknown {
  if ('constant' in param) return param.constant;
  if (!(param.name in values)) throw new Error(`No value for placeholder "${param.name}" was provided`);
  const value = values[param.name] ?? null;
  return value === null || !param.encode ? value : param.encode(value);
}

function statementName(text: string): string {
  return `q_${createHash('sha1').update(text).digest('base64url')}`;
}

/**
 * A statement whose SQL drizzle builds once per process and that then runs with each call's
 * values (issue #16, docs/decisions/048-booking-writes-built-once.md): building the booking's
 * insert with its CTEs cost ~0.3 ms of the server's CPU per booking, every time for the same
 * text. `build` writes the statement with `sql.placeholder(name)` for every value that changes
 * from one call to the next (constants may stay values); each call's `values` fill them, through
 * the columns' encoders as drizzle's own prepared queries do (`fill`). The statement runs named
 * (parsed once per connection, as executeNamed).
 * @param build the statement; called once, with the first caller's handle
 * @returns a function running it on `db` (the pool or a transaction) with `values`, resolving to
 *   the driver's rows (column names as PostgreSQL returns them; values as the driver parses them)
 * @throws from the returned function: Error `No value for placeholder "..."` when `values` misses
 *   one, or the driver's error when the statement fails
 */
export function builtOnce<Values extends Record<string, unknown>>(
  build: (db: Database | Transaction) => { getSQL(): SQL },
): (db: Database | Transaction, values: Values) => Promise<Record<string, unknown>[]> {
  let statement: { text: string; params: BuiltParam[]; name: string } | undefined;
  return async (db, values) => {
    if (!statement) {
      const query = dialect.sqlToQuery(build(db).getSQL());
      statement = { text: query.sql, params: query.params.map(builtParam), name: statementName(query.sql) };
    }
    const params = statement.params.map((param) => fill(param, values));
    const result = (await db._.session.prepareQuery({ sql: statement.text, params }, undefined, statement.name, false).execute()) as { rows: Record<string, unknown>[] };
    return result.rows;
  };
}

/**
 * An insert built once (`builtOnce`) whose `returning` rows come back decoded as `table`'s rows by
 * the columns' decoders, as `.returning()` with no argument gives them.
 * @param build the insert, ending in `.returning()`; called once, with the first caller's handle
 * @param extra the names of returned columns that are not `table`'s (e.g. a CTE's row as JSON),
 *   passed through as the driver gives them
 * @returns a function running it on `db` (the pool or a transaction) with `values`
 * @throws as builtOnce
 */
export function insertBuiltOnce<T extends PgTable, Values extends Record<string, unknown>, Extra extends string = never>(
  table: T,
  build: (db: Database | Transaction) => { getSQL(): SQL },
  extra: readonly Extra[] = [],
): (db: Database | Transaction, values: Values) => Promise<(T['$inferSelect'] & Record<Extra, unknown>)[]> {
  const columns = Object.entries(getTableColumns(table));
  const run = builtOnce<Values>(build);
  return async (db, values) =>
    (await run(db, values)).map((raw) => {
      const row: Record<string, unknown> = {};
      for (const [key, column] of columns) row[key] = raw[column.name] === null ? null : column.mapFromDriverValue(raw[column.name]);
      for (const name of extra) row[name] = raw[name];
      return row as T['$inferSelect'] & Record<Extra, unknown>;
    });
}
