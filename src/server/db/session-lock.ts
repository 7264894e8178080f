/**
 * Work that only one app process may do at a time, across every process on one PostgreSQL
 * server (issue #16, "More than one server"; docs/decisions/032-several-server-processes.md):
 * a session-level advisory lock held on a connection of its own for as long as the work runs.
 * The work itself uses the app's pool as usual; the lock's connection only holds the lock. A
 * process that dies mid-way loses its connection, and PostgreSQL releases the lock at once: no
 * lease to expire, no row to clean up.
 *
 * Keys are the two-integer form (`class`, `hashtext(name)`), a space apart from the one-key
 * transaction locks of bookings and payments and from the uploads' class (upload-quota.ts).
 *
 * The embedded database (PGlite) belongs to one process (db/lock.ts): there the work simply runs,
 * one at a time within the process (`inProcessExclusive`).
 */
import pg from 'pg';

/** The advisory-lock classes of this module (first key of the two-key form). */
export const LOCK_CLASS = {
  /** Migrations and seeding at start (bootstrap.ts). "migr". */
  startup: 0x6d696772,
  /** One scheduled job (scheduled-jobs.ts). "jobs". */
  job: 0x6a6f6273,
} as const;

export type LockClass = keyof typeof LOCK_CLASS;

/** What an attempt to run exclusive work came to: the work's value, or not run (another process holds the lock). */
export type ExclusiveOutcome<T> = { ran: true; value: T } | { ran: false };

/** Runs work exclusively per (class, name): `tryRun` skips when another holder has it, `run` waits for it. */
export interface ExclusiveRunner {
  /**
   * Runs `work` unless another process (or an earlier call here) is running work of the same name.
   * @throws the work's error (the lock is released first), or the lock connection's error
   */
  tryRun<T>(name: string, work: () => Promise<T>): Promise<ExclusiveOutcome<T>>;
  /**
   * Waits until no one else runs work of this name, then runs `work`.
   * @throws the work's error (the lock is released first), or the lock connection's error
   */
  run<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/**
 * Locks on the PostgreSQL server at `connectionString`; one short-lived connection per call.
 * @param lockClass which class of work (LOCK_CLASS)
 */
export function postgresExclusive(connectionString: string, lockClass: LockClass): ExclusiveRunner {
  const classKey = LOCK_CLASS[lockClass];

  async function withLock<T>(name: string, wait: boolean, work: () => Promise<T>): Promise<ExclusiveOutcome<T>> {
    const client = new pg.Client({ connectionString, application_name: `handyman-lock-${lockClass}` });
    // A dropped lock connection must not crash the process; the query in flight rejects instead.
    client.on('error', () => {});
    await client.connect();
    try {
      if (wait) {
        await client.query('select pg_advisory_lock($1, hashtext($2))', [classKey, name]);
      } else {
        const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [classKey, name]);
        if (!rows[0]?.locked) return { ran: false };
      }
      try {
        return { ran: true, value: await work() };
      } finally {
        await client.query('select pg_advisory_unlock($1, hashtext($2))', [classKey, name]).catch(() => {});
      }
    } finally {
      // Ending the session also releases the lock if the unlock above failed.
      await client.end().catch(() => {});
    }
  }

  return {
    tryRun: (name, work) => withLock(name, false, work),
    run: async (name, work) => {
      const outcome = await withLock(name, true, work);
      if (!outcome.ran) throw new Error('unreachable: a waiting lock always runs its work');
      return outcome.value;
    },
  };
}

/** The same contract within one process (the embedded database): a name runs at most once at a time here. */
export function inProcessExclusive(): ExclusiveRunner {
  const running = new Map<string, Promise<unknown>>();
  async function tryRun<T>(name: string, work: () => Promise<T>): Promise<ExclusiveOutcome<T>> {
    if (running.has(name)) return { ran: false };
    const done = work();
    running.set(name, done);
    try {
      return { ran: true, value: await done };
    } finally {
      running.delete(name);
    }
  }
  async function run<T>(name: string, work: () => Promise<T>): Promise<T> {
    for (;;) {
      await running.get(name)?.catch(() => {});
      const outcome = await tryRun(name, work);
      if (outcome.ran) return outcome.value; // else someone started it between the wait and the try
    }
  }
  return { tryRun, run };
}
