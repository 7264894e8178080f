/**
 * The clock behind every `updated_at` column (issue #10): Drizzle's `$onUpdate` asks it whenever a
 * row is updated without an explicit `updatedAt`, so that the app's clock (`AppDeps.now`, pinned
 * in tests) is the one time source of the records. `startRuntime` sets it; until then (and in
 * scripts) it is the real clock. One clock per process: a process runs one app.
 */
let current: () => Date = () => new Date();

/** Uses `clock` for the `updated_at` columns from now on. */
export function setDatabaseClock(clock: () => Date): void {
  current = clock;
}

/** The instant an update is stamped with. */
export const databaseNow = (): Date => current();
