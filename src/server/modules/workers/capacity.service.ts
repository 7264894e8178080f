/**
 * Capacity checks against the database (issue #4): the offered starts of a day, and whether one
 * start is still offered — the latter inside a transaction holding the capacity locks of the
 * start's date and service (./capacity-lock.ts, issue #16), so concurrent bookings for the last
 * free slot are serialized and exactly one wins, on PostgreSQL as on PGlite.
 */
import { isStartOffered, offeredStarts, type CapacityRules, type ScheduledJob, type WorkerCapacity } from '../../../domain/capacity';
import type { ServiceSlug } from '../../../domain/services';
import { businessDate, isBookableDate } from '../../../domain/slots';
import type { Database, Transaction } from '../../db/client';
import { conflict } from '../../lib/errors';
import { loadCapacity, loadJobsOn } from './capacity.repository';

export interface StartCheck {
  service: ServiceSlug;
  start: Date;
  durationMinutes: number;
  now: Date;
  rules: CapacityRules;
  /** A booking being moved: its own current slot does not count against it. */
  excludeBookingId?: string;
  /** The workers lockCapacityFor read (./capacity-lock.ts); loaded here when absent. */
  workers?: readonly WorkerCapacity[];
  /**
   * The date's jobs, only with `workers`: read in one snapshot with the caller's other reads
   * (capacityRead, booking creation's first check), or, for a decisive check, by the statement
   * that took the capacity locks (lockCapacityFor); read here when absent.
   */
  jobs?: readonly ScheduledJob[];
}

/** Offered starts on a Tampa date for a job; none outside the bookable dates (without asking the database). */
export async function offeredStartsOn(db: Database | Transaction, input: Omit<StartCheck, 'start'> & { date: string; at: Date }): Promise<Date[]> {
  if (!isBookableDate(input.date, input.now, input.rules)) return [];
  const { workers, jobs } = await loadCapacity(db, input.at);
  return offeredStarts({ ...input, workers, jobs: jobs.filter((j) => j.id !== input.excludeBookingId) });
}

/** 409 slot_unavailable, with the date's offered starts in details.availableStarts (comma-separated ISO instants). */
export const slotUnavailable = (fresh: Date[]) =>
  conflict('slot_unavailable', 'validation.slotUnavailable', {
    details: { startAt: 'validation.slotUnavailable' },
    rawDetails: { availableStarts: fresh.map((s) => s.toISOString()).join(',') },
  });

/**
 * Whether `input.start` is still offered (isStartOffered over the workers and the date's jobs),
 * without the day's other starts: a caller inside the capacity locks answers quickly and lists
 * the alternatives after its transaction (booking creation). False, without asking the database,
 * for a start outside the bookable dates.
 */
export async function startOffered(db: Database | Transaction, input: StartCheck): Promise<boolean> {
  if (!isBookableDate(businessDate(input.start), input.now, input.rules)) return false;
  return isStartOffered({ ...input, ...(await checkedCapacity(db, input)) });
}

/** The workers and the start date's jobs a check runs on (StartCheck's `workers` and `jobs`), the booking being moved left out. */
async function checkedCapacity(db: Database | Transaction, input: StartCheck): Promise<{ workers: readonly WorkerCapacity[]; jobs: readonly ScheduledJob[] }> {
  const { workers, jobs } = input.workers ? { workers: input.workers, jobs: input.jobs ?? (await loadJobsOn(db, input.start)) } : await loadCapacity(db, input.start);
  return { workers, jobs: jobs.filter((j) => j.id !== input.excludeBookingId) };
}

/**
 * @throws AppError 409 slot_unavailable with the day's fresh starts in details.availableStarts
 *   (none for a start outside the bookable dates, refused without asking the database)
 */
export async function assertStartOffered(db: Database | Transaction, input: StartCheck): Promise<void> {
  const date = businessDate(input.start);
  if (!isBookableDate(date, input.now, input.rules)) throw slotUnavailable([]);
  const { workers, jobs } = await checkedCapacity(db, input);
  if (isStartOffered({ ...input, workers, jobs })) return;
  throw slotUnavailable(offeredStarts({ ...input, date, workers, jobs }));
}
