/**
 * The day plans behind the slots (issue #16), kept in this process: one per Tampa date (and slot
 * rules), computed from the database once (the workers, the date's active jobs, planDay) and
 * reused by every slots request for any service, job length and instant, until a change to that
 * date drops it. Per request only the clock is applied (startsOfferedAt: the bookable dates and
 * the lead time), so a cached answer always equals a fresh computation of offeredStarts.
 *
 * What drops a plan (src/server/modules/workers/capacity-caches.ts wires these):
 *  - a booking change (`bookingChanged`): the plans that hold the booking (its old date, a
 *    cancellation, an assignment) and the plan of the date it starts on now (its new date, a new
 *    booking). The date comes with the change: from the writer in its own process, from the
 *    booking_events notice in every process (its `scheduledStart`, migration 0028); a change
 *    without one is read from the database, and while such a read is under way the cache answers
 *    fresh without storing;
 *  - a worker or settings change, a lost LISTEN connection: every plan (`clear`); while the
 *    connection is down (`setListening(false)`) nothing is cached at all.
 * A plan being computed when its date is dropped (or when any booking changes) is still handed to
 * the requests already waiting for it (they began before the change) but never stored, so no
 * stale plan outlives a change.
 *
 * Booking creation's decisive check, inside its lock, never reads this cache (capacity.service.ts);
 * its first, advisory check and the alternatives of its refusals do (bookings.service.ts).
 */
import { planDay, startsOnPlan, type CapacityRules, type DayPlan } from '../../../domain/capacity';
import type { ServiceSlug } from '../../../domain/services';
import { businessDate, businessTime, isBookableDate, startsOfferedAt } from '../../../domain/slots';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings } from '../../db/schema';
import { loadCapacity } from './capacity.repository';

/** Kept plans at most (the bookable dates are 15; old dates age out first). */
const MAX_PLANS = 64;
/** Start lists kept per plan, one per (service, job length) asked. */
const MAX_START_LISTS = 48;

interface Entry {
  plan: DayPlan;
  /** The bookings placed in the plan: a change to one of them drops it. */
  bookingIds: ReadonlySet<string>;
  /** startsOnPlan by `${service}:${durationMinutes}`. */
  starts: Map<string, Date[]>;
}

interface Flight {
  date: string;
  entry: Promise<Entry>;
  /** Set when the date was dropped while computing: the result is not stored. */
  stale: boolean;
}

/** The fields of the rules a plan and its starts depend on (not the clock's: lead time, days ahead). */
function rulesKey(rules: CapacityRules): string {
  return JSON.stringify([rules.openMinute, rules.closeMinute, rules.weeklyHours ?? null, rules.stepMinutes, rules.bufferMinutes]);
}

/** A kept plan's key: its date and the rules it was made under. */
const planKey = (query: OfferedStartsQuery) => `${query.date}|${rulesKey(query.rules)}`;
/** A plan's start list's key: the service and the job length. */
const startListKey = (query: OfferedStartsQuery) => `${query.service}:${query.durationMinutes}`;

export interface OfferedStartsQuery {
  /** 'YYYY-MM-DD', Tampa. */
  date: string;
  service: ServiceSlug;
  durationMinutes: number;
  now: Date;
  rules: CapacityRules;
}

export class DayPlanCache {
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Flight>();
  /** Date reads of booking changes under way: the cache is bypassed meanwhile. */
  private pendingLookups = 0;
  private listening = true;

  /**
   * @param db the database the plans are read from
   * @param onError told about a failed date read (the cache is then cleared instead)
   */
  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** How many plans are kept (diagnostics). */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The starts offered for a new job on a date at `query.now`: equal to offeredStartsOn (the
   * fresh computation) for the same database state.
   * @returns UTC instants, ascending; none when the date is not bookable at `now`
   */
  async offeredStarts(query: OfferedStartsQuery): Promise<Date[]> {
    const key = planKey(query);
    const startsKey = startListKey(query);
    const allStarts = (entry: Entry) => {
      const known = entry.starts.get(startsKey);
      if (known) return known;
      const computed = startsOnPlan(entry.plan, query.service, query.durationMinutes);
      if (entry.starts.size < MAX_START_LISTS) entry.starts.set(startsKey, computed);
      return computed;
    };
    if (!isBookableDate(query.date, query.now, query.rules)) return [];
    const entry = this.caching ? await this.entryFor(key, query.date, query.rules) : await this.computeEntry(query.date, query.rules);
    return startsOfferedAt(allStarts(entry), query.date, query.now, query.rules);
  }

  /**
   * The starts offered on a date at `query.now` when this process already keeps them (the date's
   * plan and its start list for the service and job length), computing and reading nothing;
   * undefined when not kept (or while nothing is cached). When kept, the same answer as
   * offeredStarts.
   */
  keptStarts(query: OfferedStartsQuery): Date[] | undefined {
    if (!this.caching) return undefined;
    if (!isBookableDate(query.date, query.now, query.rules)) return [];
    const starts = this.entries.get(planKey(query))?.starts.get(startListKey(query));
    return starts && startsOfferedAt(starts, query.date, query.now, query.rules);
  }

  /**
   * A booking was created or changed (any event of it: status, worker, time).
   * @param starts where the booking starts now: the writer's own, or the notice's (else read from the database)
   * @returns once the affected plans are dropped
   */
  async bookingChanged(bookingId: string, starts?: readonly Date[]): Promise<void> {
    for (const [key, entry] of this.entries) if (entry.bookingIds.has(bookingId)) this.drop(key);
    // A plan still being read may hold the booking as it was, on a date no longer its own.
    for (const key of [...this.flights.keys()]) this.drop(key);
    if (starts) {
      for (const start of starts) this.dropDate(businessDate(start));
      return;
    }
    if (this.entries.size === 0) return;
    this.pendingLookups++;
    try {
      const [row] = await this.db.select({ start: bookings.scheduledStart }).from(bookings).where(inArray(bookings.id, [bookingId]));
      if (row) this.dropDate(businessDate(row.start));
    } catch (error) {
      this.onError(error);
      this.clear();
    } finally {
      this.pendingLookups--;
    }
  }

  /** Drops every plan (a worker or settings change, or notifications that may have been missed). */
  clear(): void {
    for (const flight of this.flights.values()) flight.stale = true;
    this.flights.clear();
    this.entries.clear();
  }

  /**
   * While the LISTEN connection is down, changes of other processes go unheard: nothing is
   * cached. Either way every plan is dropped.
   */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }

  private get caching(): boolean {
    return this.listening && this.pendingLookups === 0;
  }

  private dropDate(date: string): void {
    for (const key of [...this.entries.keys(), ...this.flights.keys()]) if (key.startsWith(`${date}|`)) this.drop(key);
  }

  private drop(key: string): void {
    this.entries.delete(key);
    const flight = this.flights.get(key);
    if (flight) {
      flight.stale = true;
      this.flights.delete(key);
    }
  }

  private async entryFor(key: string, date: string, rules: CapacityRules): Promise<Entry> {
    const kept = this.entries.get(key);
    if (kept) return kept;
    const running = this.flights.get(key);
    if (running) return running.entry;
    const flight: Flight = { date, entry: this.computeEntry(date, rules), stale: false };
    this.flights.set(key, flight);
    try {
      const entry = await flight.entry;
      if (!flight.stale) {
        if (this.entries.size >= MAX_PLANS) this.evictOne();
        this.entries.set(key, entry);
      }
      return entry;
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
  }

  private evictOne(): void {
    const [oldest] = [...this.entries.keys()].sort();
    if (oldest) this.entries.delete(oldest);
  }

  private async computeEntry(date: string, rules: CapacityRules): Promise<Entry> {
    const { workers, jobs } = await loadCapacity(this.db, businessTime(date, 12 * 60));
    return { plan: planDay({ date, workers, jobs, rules }), bookingIds: new Set(jobs.map((j) => j.id)), starts: new Map() };
  }
}
