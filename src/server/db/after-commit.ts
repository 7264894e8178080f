/**
 * Work to do once a transaction has committed (issue #16): the read caches of this process
 * (src/server/modules/workers/capacity-caches.ts) drop what a change made stale after the change
 * is visible to every new reader, and before the writer's function returns — so a request never
 * answers before its own change has cleared this process's caches, whatever the NOTIFY round
 * trip to the other processes takes.
 *
 * `trackCommits(db)` (done once by openDatabase) makes each `db.transaction(...)` a unit: callbacks
 * registered with `afterCommit` inside it (at any depth, savepoints included) run after its
 * COMMIT, in order, before `db.transaction` resolves; a rolled-back transaction runs none. Outside
 * a transaction (a single autocommitted statement) the callback runs at once. The unit is found
 * through AsyncLocalStorage, so code deep inside a transaction needs no extra argument.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database, Transaction } from './client';

type Callback = (db: Database) => void | Promise<void>;

interface Unit {
  db: Database;
  callbacks: Callback[];
}

const currentUnit = new AsyncLocalStorage<Unit>();
const tracked = new WeakSet<object>();

/**
 * Wraps the database's `transaction` so that afterCommit callbacks run after each commit.
 * Idempotent. A callback that throws is not the transaction's failure: the change is committed,
 * so the error is reported to `onCallbackError` and the next callbacks still run.
 * @returns the same database object
 */
export function trackCommits(db: Database, onCallbackError: (error: unknown) => void = () => {}): Database {
  if (tracked.has(db)) return db;
  tracked.add(db);
  const begin = db.transaction.bind(db) as unknown as (...args: unknown[]) => Promise<unknown>;
  const transaction = async (...args: unknown[]) => {
    const unit: Unit = { db, callbacks: [] };
    const result = await currentUnit.run(unit, () => begin(...args));
    for (const callback of unit.callbacks) {
      try {
        await callback(db);
      } catch (error) {
        onCallbackError(error);
      }
    }
    return result;
  };
  (db as unknown as { transaction: typeof transaction }).transaction = transaction;
  return db;
}

/**
 * Runs `callback` after the enclosing `db.transaction` commits (never if it rolls back), or at
 * once when there is none and `handle` is a tracked database (its statement has committed).
 * The callback gets the database the unit belongs to. A transaction handle of an untracked
 * database outside any unit runs nothing.
 * @returns once the callback is registered (inside a transaction) or has run (outside)
 */
export async function afterCommit(handle: Database | Transaction, callback: Callback): Promise<void> {
  const unit = currentUnit.getStore();
  if (unit) {
    unit.callbacks.push(callback);
    return;
  }
  if (tracked.has(handle)) await callback(handle as Database);
}
