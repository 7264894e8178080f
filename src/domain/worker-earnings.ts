/**
 * A worker's earnings (issue #14, "Worker earnings"): what each completed job pays the worker who
 * did it, and the totals of today, this week and this month on the Tampa calendar.
 *
 * The rule (src/domain/job-rules.ts, `workerSharePercent`, default 70):
 * - labour is the booking's final subtotal before tax (what the finished job was charged for),
 *   or the booked subtotal when no final amount was recorded;
 * - the worker's share is `workerSharePercent` of the labour, in whole cents, rounded to the
 *   nearest cent with half a cent going up (in the worker's favour): 70% of 4,525¢ = 3,167.5¢ ->
 *   3,168¢;
 * - every succeeded tip is the worker's in full (100%);
 * - the job's earnings are share + tip.
 *
 * A job counts on the Tampa date it was completed. Weeks start on Monday; months on the 1st.
 * Money in integer cents; instants as Date or ISO strings.
 */
import { businessDate, businessWeekday } from './slots';

/** A completed job as the earnings need it. */
export interface CompletedJobFacts {
  bookingId: string;
  reference: string;
  service: string;
  /** When the job was completed (UTC instant). */
  completedAt: Date | string;
  /** The final subtotal before tax (cents), null when none was recorded. */
  finalSubtotalCents: number | null;
  /** The booked subtotal before tax (cents), the fallback. */
  subtotalCents: number;
  /** Succeeded tips on the job (cents), 0 when none. */
  tipCents: number;
}

/** One completed job's pay, in cents. */
export interface JobEarnings {
  bookingId: string;
  reference: string;
  service: string;
  /** The Tampa date it was completed, 'YYYY-MM-DD'. */
  date: string;
  completedAt: string;
  labourCents: number;
  shareCents: number;
  tipCents: number;
  earningsCents: number;
}

/** The totals of a period, in cents. */
export interface EarningsTotals {
  jobs: number;
  labourCents: number;
  shareCents: number;
  tipCents: number;
  earningsCents: number;
}

/** The three periods the worker's home page shows, each with its first Tampa date. */
export interface EarningsSummary {
  today: EarningsTotals & { from: string };
  week: EarningsTotals & { from: string };
  month: EarningsTotals & { from: string };
}

/**
 * The worker's share of the labour: `sharePercent` % of `labourCents`, to the nearest cent, half
 * a cent up. @throws RangeError for a negative or fractional amount, or a percent outside 0-100
 */
export function workerShareCents(labourCents: number, sharePercent: number): number {
  if (!Number.isInteger(labourCents) || labourCents < 0) throw new RangeError(`labourCents must be a whole number of cents >= 0, got ${labourCents}`);
  if (!Number.isInteger(sharePercent) || sharePercent < 0 || sharePercent > 100) throw new RangeError(`sharePercent must be a whole percent 0-100, got ${sharePercent}`);
  return Math.floor((labourCents * sharePercent + 50) / 100);
}

/** One completed job's labour, share, tip and earnings (see the rule above). */
export function jobEarnings(job: CompletedJobFacts, sharePercent: number): JobEarnings {
  const labourCents = job.finalSubtotalCents ?? job.subtotalCents;
  const shareCents = workerShareCents(labourCents, sharePercent);
  const completedAt = new Date(job.completedAt);
  return {
    bookingId: job.bookingId,
    reference: job.reference,
    service: job.service,
    date: businessDate(completedAt),
    completedAt: completedAt.toISOString(),
    labourCents,
    shareCents,
    tipCents: job.tipCents,
    earningsCents: shareCents + job.tipCents,
  };
}

/** 'YYYY-MM-DD' moved by whole days (calendar arithmetic). */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The first Tampa dates of today's week (Monday) and month for the Tampa date of `now`. */
export function earningsPeriodStarts(now: Date): { today: string; week: string; month: string } {
  const today = businessDate(now);
  const daysSinceMonday = (businessWeekday(today) + 6) % 7;
  return { today, week: addDays(today, -daysSinceMonday), month: `${today.slice(0, 8)}01` };
}

function totals(jobs: readonly JobEarnings[]): EarningsTotals {
  return jobs.reduce<EarningsTotals>(
    (sum, job) => ({
      jobs: sum.jobs + 1,
      labourCents: sum.labourCents + job.labourCents,
      shareCents: sum.shareCents + job.shareCents,
      tipCents: sum.tipCents + job.tipCents,
      earningsCents: sum.earningsCents + job.earningsCents,
    }),
    { jobs: 0, labourCents: 0, shareCents: 0, tipCents: 0, earningsCents: 0 },
  );
}

/** Today's, this week's and this month's totals (Tampa dates up to and including today). */
export function summarizeEarnings(jobs: readonly JobEarnings[], now: Date): EarningsSummary {
  const starts = earningsPeriodStarts(now);
  const within = (from: string) => jobs.filter((job) => job.date >= from && job.date <= starts.today);
  return {
    today: { from: starts.today, ...totals(within(starts.today)) },
    week: { from: starts.week, ...totals(within(starts.week)) },
    month: { from: starts.month, ...totals(within(starts.month)) },
  };
}
