/**
 * Reads that can share one statement (issue #16, docs/decisions/040-booking-creation-round-trips.md):
 * each round trip to PostgreSQL costs the server a socket write, a read and a parse whatever the
 * query, so a request that needs several independent snapshots asks for them together.
 *
 * A `CombinedRead<T>` is a few named scalar expressions (each a scalar subquery, usually
 * JSON) and the decoder of their values. `readOne` runs one read alone; `readTogether` runs
 * several in a single `select`, so their rows also come from one snapshot.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from './client';
import { executeNamed } from './named-statement';

export interface CombinedRead<T> {
  /** Column name -> a scalar SQL expression (parenthesised by the caller). */
  columns: Record<string, SQL>;
  /** Turns the row's values (by the same names, as the driver parsed them) into the answer. */
  decode(values: Record<string, unknown>): T;
}

type Answers<R extends Record<string, CombinedRead<unknown>>> = { [K in keyof R]: R[K] extends CombinedRead<infer T> ? T : never };

/**
 * Runs several reads in one statement.
 * @returns each read's decoded answer under its key
 * @throws the driver's error when the statement fails (nothing is decoded)
 */
export async function readTogether<R extends Record<string, CombinedRead<unknown>>>(db: Database | Transaction, reads: R): Promise<Answers<R>> {
  const names = new Map<string, [string, string]>();
  const columns: SQL[] = [];
  for (const [key, read] of Object.entries(reads)) {
    for (const [column, expression] of Object.entries(read.columns)) {
      const alias = `c${names.size}`;
      names.set(alias, [key, column]);
      columns.push(sql`(${expression}) as ${sql.identifier(alias)}`);
    }
  }
  // A named statement (./named-statement.ts): these reads run on every booking and slot plan.
  const row = columns.length === 0 ? {} : (await executeNamed<Record<string, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`))[0];
  const values: Record<string, Record<string, unknown>> = {};
  for (const [alias, [key, column]] of names) (values[key] ??= {})[column] = row![alias];
  return Object.fromEntries(Object.entries(reads).map(([key, read]) => [key, read.decode(values[key] ?? {})])) as Answers<R>;
}

/** Runs one read alone (the same statement shape as readTogether with one entry). */
export async function readOne<T>(db: Database | Transaction, read: CombinedRead<T>): Promise<T> {
  return (await readTogether(db, { read })).read;
}
