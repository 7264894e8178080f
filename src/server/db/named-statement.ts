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
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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
  const name = `q_${createHash('sha1').update(built.sql).digest('base64url')}`;
  const result = await db._.session.prepareQuery(built, undefined, name, false).execute();
  return (result as { rows: Row[] }).rows;
}
