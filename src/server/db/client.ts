/**
 * Opens the database: embedded PGlite (a directory on disk, or `memory://` in tests) by
 * default, a PostgreSQL server through node-postgres when a URL is given. Both speak the same
 * Drizzle API; the SQL is kept compatible with PostgreSQL 15 (docs/decisions/002-embedded-database.md).
 */
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { initEmbeddedDatabase, PGLITE_START_PARAMS } from './pglite-memory';
import { trackCommits } from './after-commit';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; accepts the same queries as the database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded client (kind 'pglite'), for the realtime hub's in-process LISTEN; null on a server. */
  pglite: PGlite | null;
  /** The server's URL (kind 'postgres'): LISTEN needs a dedicated connection, not a pooled one. */
  connectionString: string | null;
  close(): Promise<void>;
}

/** Where the database lives: a server's URL, a PGlite directory, or `memory://` (optionally
 * started from a `dumpDataDir` image, which skips PGlite's initdb: the API tests' template). */
export type DatabaseTarget = { url: string } | { dir: string; loadDataDir?: Blob };

/**
 * @param target `{ url }` for a PostgreSQL server, `{ dir }` for PGlite on disk, or
 *   `{ dir: 'memory://' }` for a throwaway in-memory database
 */
export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if ('url' in target) {
    // Two connections stay open through quiet minutes (min: 2; above that, idle ones close after
    // 10 s): the first request after a pause does not pay a new connection (TCP, TLS, SCRAM's
    // key derivation, a cold backend re-preparing the named statements). docs/decisions/060-warm-database-connections.md
    const pool = new pg.Pool({ connectionString: target.url, max: 20, min: 2 });
    // An idle connection killed by the server (restart, pg_terminate_backend, DROP DATABASE ...
    // WITH (FORCE) after close) is dropped by the pool, which then emits 'error'; with no
    // listener that event would crash the process. The next query simply opens a new connection.
    pool.on('error', () => {});
    const db = trackCommits(drizzlePg(pool, { schema }) as unknown as Database);
    return { db, kind: 'postgres', pglite: null, connectionString: target.url, close: () => pool.end() };
  }
  if (target.dir !== 'memory://') {
    fs.mkdirSync(target.dir, { recursive: true });
    await initEmbeddedDatabase(target.dir); // a new directory: initdb in a worker (pglite-memory.ts)
  }
  const client = await PGlite.create(target.dir, { startParams: PGLITE_START_PARAMS, ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}) });
  const db = trackCommits(drizzlePglite(client, { schema }) as unknown as Database);
  return { db, kind: 'pglite', pglite: client, connectionString: null, close: () => client.close() };
}
