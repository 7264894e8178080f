/**
 * This process's read caches (issue #16): the day plans behind the slots (day-plan-cache.ts), the
 * business settings (../settings/settings-cache.ts) and the active workers (decision 045), one set
 * per open database, and what keeps them true (docs/decisions/030-cached-day-plan.md):
 *
 *  - Every process hears every change through LISTEN/NOTIFY on the realtime hub: booking changes
 *    on `booking_events` (the trigger of 0003_booking_notify.sql, one notice per booking event,
 *    with the booking's start since 0028),
 *    worker and settings changes on `capacity_changes` (announceCapacityChange below, sent in the
 *    writer's transaction, delivered on commit). A lost LISTEN connection drops everything and
 *    caches nothing until it is back (notices sent meanwhile are lost).
 *  - The writing process does not wait for its own notice: announceCapacityChange also drops the
 *    stale entries here, after the transaction commits and before the writer's function returns
 *    (src/server/db/after-commit.ts), so its response never precedes the invalidation.
 *
 * A change made by hand in SQL, outside the app, is not announced: restart the processes (or
 * send `NOTIFY capacity_changes, '{"scope":"workers"}'`) after one.
 */
import { sql } from 'drizzle-orm';
import type { CapacityRules, WorkerCapacity } from '../../../domain/capacity';
import type { ServiceSlug } from '../../../domain/services';
import { businessTime } from '../../../domain/slots';
import { afterCommit } from '../../db/after-commit';
import type { Database, Transaction } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { BookingEventHub } from '../../realtime/booking-event-hub';
import { CAPACITY_CHANGES_CHANNEL, type CapacityScope } from '../../realtime/capacity-events';
import { KeptValues } from '../../lib/kept-values';
import { SettingsCache } from '../settings/settings-cache';
import { getBusinessSettings, type BusinessSettings, type SettingsDefaults } from '../settings/settings.service';
import { offeredStartsOn } from './capacity.service';
import { loadWorkers } from './capacity.repository';
import { DayPlanCache } from './day-plan-cache';

export interface CapacityCaches {
  dayPlans: DayPlanCache;
  settings: SettingsCache;
  /** The active workers (loadWorkers), for booking creation's first, advisory check (decision 045). */
  workers: KeptValues<WorkerCapacity[]>;
}

const cachesByDatabase = new WeakMap<Database, CapacityCaches>();

/**
 * Creates the caches of a database and keeps them true with the hub's notices. Call once per
 * process and database, after the hub listens (startRuntime does).
 * @returns a function that stops listening (the caches stay, uncached reads go on working)
 */
export function attachCapacityCaches(db: Database, hub: BookingEventHub, logger: Logger): () => void {
  const caches: CapacityCaches = {
    dayPlans: new DayPlanCache(db, (error) => logger.warn({ err: error }, 'capacity cache: a booking date could not be read; dropped every day plan')),
    settings: new SettingsCache(db),
    workers: new KeptValues<WorkerCapacity[]>(),
  };
  cachesByDatabase.set(db, caches);
  const stops = [
    // The notice says where the booking starts now (migration 0028): that date's plan is dropped
    // without reading the booking back; an older notice without it is read back as before.
    hub.subscribe((change) => void caches.dayPlans.bookingChanged(change.bookingId, change.scheduledStart ? [change.scheduledStart] : undefined)),
    hub.subscribeCapacity((notice) => applyScope(caches, notice.scope)),
    hub.onListening((listening) => {
      caches.dayPlans.setListening(listening);
      caches.settings.setListening(listening);
      caches.workers.setListening(listening);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}

/** The caches of this database in this process, if attached (startRuntime attaches them). */
export function capacityCachesOf(db: Database): CapacityCaches | undefined {
  return cachesByDatabase.get(db);
}

function applyScope(caches: CapacityCaches, scope: CapacityScope) {
  caches.dayPlans.clear();
  if (scope === 'settings') caches.settings.clear();
  if (scope === 'workers') caches.workers.clear();
}

/**
 * Announces a change that can move capacity, from the transaction (or right after the
 * statement) that made it: worker and settings changes are sent on `capacity_changes` to every
 * process; a booking change is already announced by its booking_events row, so only this
 * process's caches are told (with the booking's start when known). This process drops the stale
 * entries after the commit, before the writer's `db.transaction` returns.
 * @param change.starts a booking's start(s) now — its date's plan is dropped without a read
 */
export async function announceCapacityChange(handle: Database | Transaction, change: { scope: CapacityScope } | { bookingId: string; starts?: readonly Date[] }): Promise<void> {
  if ('scope' in change) await handle.execute(sql`select pg_notify(${CAPACITY_CHANGES_CHANNEL}, ${JSON.stringify({ scope: change.scope })})`);
  await afterCommit(handle, async (db) => {
    const caches = capacityCachesOf(db);
    if (!caches) return;
    if ('scope' in change) applyScope(caches, change.scope);
    else await caches.dayPlans.bookingChanged(change.bookingId, change.starts);
  });
}

/**
 * The starts offered on a date for a new job at `now`, from the cached day plan (fresh when the
 * database has no caches attached). Equal to offeredStartsOn for the same database state.
 */
export async function cachedOfferedStarts(db: Database, query: { date: string; service: ServiceSlug; durationMinutes: number; now: Date; rules: CapacityRules }): Promise<Date[]> {
  const caches = capacityCachesOf(db);
  if (caches) return caches.dayPlans.offeredStarts(query);
  return offeredStartsOn(db, { ...query, at: businessTime(query.date, 12 * 60) });
}

/**
 * The starts offered on a date for a new job at `now` if this process keeps them already (a slots
 * request or a refusal computed them since the date last changed), else undefined: nothing is
 * computed or read. Equal to cachedOfferedStarts when defined.
 */
export function keptOfferedStarts(db: Database, query: { date: string; service: ServiceSlug; durationMinutes: number; now: Date; rules: CapacityRules }): Date[] | undefined {
  return capacityCachesOf(db)?.dayPlans.keptStarts(query);
}

/**
 * The active workers with their skills, weekly hours and time off (loadWorkers), from this
 * process's cache (fresh when none is attached); read-only. Kept until a worker change is announced
 * (`workers` scope). Only for advisory checks: a decision reads them in its own transaction
 * (capacity-lock.ts).
 */
export function cachedWorkers(db: Database): Promise<WorkerCapacity[]> {
  const caches = capacityCachesOf(db);
  return caches ? caches.workers.get('', () => loadWorkers(db)) : loadWorkers(db);
}

/** The business settings, from this process's cache (fresh when none is attached); read-only. */
export async function cachedBusinessSettings(db: Database, defaults?: SettingsDefaults): Promise<BusinessSettings> {
  const caches = capacityCachesOf(db);
  return caches ? caches.settings.get(defaults) : getBusinessSettings(db, defaults);
}
