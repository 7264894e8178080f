/**
 * The embedded database's memory (issue #16, docs/decisions/034-compiled-server.md). PGlite is
 * PostgreSQL compiled to WebAssembly: its memory is one WebAssembly heap that grows and never
 * shrinks, resident in the server's process. Two measured causes of a large server, and their fixes:
 *
 * - `shared_buffers`: initdb picks 128 MB, which fills as tables are read. The pages are also in the
 *   operating system's file cache (the data directory is a real directory, read through Node's
 *   file system), so a large pool buys little: 16 MB. Measured on a warm restart: RSS 436 -> 323 MB.
 *   Nothing else changes (work_mem, maintenance_work_mem, temp_buffers lower measured no gain).
 * - initdb: a new data directory is initialised by a second, temporary PGlite (initdb.wasm plus a
 *   PostgreSQL instance and a copy of the directory as a tarball), whose memory stayed in the
 *   process after it closed (about 420 MB, not released even by a forced garbage collection).
 *   `initEmbeddedDatabase` runs that step in a worker thread instead: when the worker ends, its
 *   whole heap goes with it. Measured after creating a fresh database: RSS 906 -> 446 MB.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** PostgreSQL start parameters for every PGlite we open: PGlite's defaults plus a small buffer pool. */
export const PGLITE_START_PARAMS: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** The worker's code: PGlite's CommonJS entry (a path, resolved by the caller), initdb by opening, then close. */
const INITDB_WORKER = `
const { workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.entry);
PGlite.create(workerData.dir).then((db) => db.close());
`;

/**
 * Creates the embedded database in `dir` when it holds none (no PG_VERSION, PGlite's own test),
 * in a worker thread so initdb's memory leaves the process with it; does nothing otherwise.
 * @param dir an existing directory on disk (not `memory://`)
 * @throws the worker's error when initdb fails (the directory is then left as PGlite left it)
 */
export async function initEmbeddedDatabase(dir: string): Promise<void> {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  await new Promise<void>((resolve, reject) => {
    const worker = new Worker(INITDB_WORKER, { eval: true, workerData: { entry, dir: path.resolve(dir) } });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`the embedded database's initdb worker exited with ${code}`))));
  });
}
