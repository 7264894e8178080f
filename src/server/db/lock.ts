/**
 * One process per embedded database directory: PGlite has no guard of its own and two
 * processes on one directory corrupt it (RECIPES.md). proper-lockfile takes `DATA_DIR/db.lock`
 * and keeps it fresh while we run; beside it `db.lock.pid` names the holder (pid and host).
 *
 * A lock left by a process that is gone is taken over at once (issue #10: after a crash the
 * server starts again without waiting): the holder's pid is checked with `process.kill(pid, 0)`.
 * When that cannot tell (no pid file, another host sharing the folder, the pid reused by an
 * unrelated process), proper-lockfile's rule still applies: a lock not refreshed for 15 s is
 * stale and taken over.
 *
 * Taking the lock and writing the pid file happen under a short-lived guard
 * (`db.lock.guard`, held for milliseconds), so nobody ever sees a new lock beside an old pid,
 * and two servers starting together after a crash cannot both take the dead one's lock.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const STALE_MS = 15_000;
const UPDATE_MS = 5_000;
/** How long a start waits for another start to finish taking (or refusing) the lock. */
const GUARD_WAIT_MS = 3_000;
/** A guard older than this was left by a process that died while starting. */
const GUARD_STALE_MS = 10_000;

export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `Another process is already using the embedded database in ${dataDir} (lock ${path.join(dataDir, 'db.lock')}). ` +
        'Stop that process first, or set DATA_DIR to another folder, or DATABASE_URL to a PostgreSQL server.',
    );
    this.name = 'DataDirLockedError';
  }
}

interface Holder {
  pid: number;
  hostname: string;
}

/** Data directories (real paths) this process holds: a second lock from the same process is refused too. */
const heldHere = new Set<string>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function readHolder(pidFile: string): Holder | null {
  try {
    const holder = JSON.parse(fs.readFileSync(pidFile, 'utf8')) as Partial<Holder>;
    return Number.isSafeInteger(holder.pid) && holder.pid! > 0 && typeof holder.hostname === 'string' ? (holder as Holder) : null;
  } catch {
    return null;
  }
}

/** Writes the pid file whole (a reader never sees half of it). */
function writeHolder(pidFile: string): void {
  const temporary = `${pidFile}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ pid: process.pid, hostname: os.hostname() } satisfies Holder));
  fs.renameSync(temporary, pidFile);
}

function removeOwnHolder(pidFile: string): void {
  if (readHolder(pidFile)?.pid === process.pid) fs.rmSync(pidFile, { force: true });
}

/**
 * Whether the recorded holder is certainly gone: a process on this host whose pid no longer
 * exists, or this very pid while this process does not hold the lock (a restarted container
 * gets the pid its crashed predecessor had).
 */
function isGone(holder: Holder | null): boolean {
  if (!holder || holder.hostname !== os.hostname()) return false;
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH'; // EPERM: alive, another user's
  }
}

/** Waits for the start guard; @returns its release. @throws DataDirLockedError when another start keeps it */
async function enterGuard(guard: string, dataDir: string): Promise<() => void> {
  const deadline = Date.now() + GUARD_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(guard);
      return () => fs.rmSync(guard, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const since = fs.statSync(guard, { throwIfNoEntry: false });
    if (since && since.mtimeMs < Date.now() - GUARD_STALE_MS) fs.rmSync(guard, { recursive: true, force: true });
    else if (Date.now() > deadline) throw new DataDirLockedError(dataDir);
    else await sleep(25);
  }
}

/**
 * Takes the data directory's lock, at once when its holder is gone.
 * @returns a function that releases it
 * @throws DataDirLockedError when another live process holds it (or this process already does)
 */
export async function lockDataDir(directory: string): Promise<() => Promise<void>> {
  fs.mkdirSync(directory, { recursive: true });
  const dataDir = fs.realpathSync(directory);
  if (heldHere.has(dataDir)) throw new DataDirLockedError(dataDir);
  const lockPath = path.join(dataDir, 'db.lock');
  const pidFile = `${lockPath}.pid`;

  const leaveGuard = await enterGuard(`${lockPath}.guard`, dataDir);
  let release: () => Promise<void>;
  try {
    if (isGone(readHolder(pidFile))) {
      // The holder crashed (or was killed): its lock is ours without waiting for it to go stale.
      fs.rmSync(pidFile, { force: true });
      fs.rmSync(lockPath, { recursive: true, force: true });
    }
    try {
      release = await lockfile.lock(dataDir, { lockfilePath: lockPath, stale: STALE_MS, update: UPDATE_MS });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
      throw error;
    }
    try {
      writeHolder(pidFile);
    } catch (error) {
      await release();
      throw error;
    }
  } finally {
    leaveGuard();
  }

  heldHere.add(dataDir);
  // proper-lockfile removes its lock when the process exits; the pid file goes with it.
  const onExit = () => removeOwnHolder(pidFile);
  process.once('exit', onExit);
  return async () => {
    process.off('exit', onExit);
    heldHere.delete(dataDir);
    removeOwnHolder(pidFile);
    await release();
  };
}
