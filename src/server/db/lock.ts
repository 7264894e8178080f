/**
 * One process per embedded database directory: PGlite has no guard of its own and two
 * processes on one directory corrupt it (RECIPES.md). proper-lockfile takes `DATA_DIR/db.lock`
 * and keeps it fresh while we run; a crashed process's lock goes stale and is taken over.
 */
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another process is already using the embedded database in ${dataDir} (lock ${path.join(dataDir, 'db.lock')}). ` +
        'Stop that process first, or set DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * Takes the data directory's lock.
 * @returns a function that releases it
 * @throws DataDirLockedError when another live process holds it
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, { lockfilePath: path.join(dataDir, 'db.lock'), stale: 15_000, update: 5_000 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
