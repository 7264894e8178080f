/**
 * Reads a worker's completed jobs and succeeded tips for the earnings summary and its CSV
 * (issue #14). The arithmetic is src/domain/worker-earnings.ts; the share percent is the
 * business setting `jobRules.workerSharePercent`.
 */
import { and, desc, eq, gte } from 'drizzle-orm';
import { businessTime } from '../../../domain/slots';
import { earningsPeriodStarts, jobEarnings, summarizeEarnings, type JobEarnings } from '../../../domain/worker-earnings';
import type { WorkerEarnings } from '../../../domain/worker-earnings-contract';
import type { ServiceSlug } from '../../../domain/services';
import type { Database } from '../../db/client';
import { bookings, tips } from '../../db/schema';

/** The worker's jobs completed on or after a Tampa date, newest first, with their pay. */
export async function completedJobsSince(db: Database, workerId: string, fromDate: string, sharePercent: number): Promise<JobEarnings[]> {
  const rows = await db
    .select({
      bookingId: bookings.id,
      reference: bookings.reference,
      service: bookings.serviceSlug,
      completedAt: bookings.completedAt,
      finalSubtotalCents: bookings.finalSubtotalCents,
      subtotalCents: bookings.subtotalCents,
      tipCents: tips.amountCents,
    })
    .from(bookings)
    .leftJoin(tips, and(eq(tips.bookingId, bookings.id), eq(tips.status, 'succeeded')))
    .where(and(eq(bookings.workerId, workerId), eq(bookings.status, 'completed'), gte(bookings.completedAt, businessTime(fromDate, 0))))
    .orderBy(desc(bookings.completedAt));
  return rows.map((row) => jobEarnings({ ...row, completedAt: row.completedAt!, tipCents: row.tipCents ?? 0 }, sharePercent));
}

/** Today's, this week's and this month's totals and this month's jobs (newest first). */
export async function workerEarnings(db: Database, workerId: string, now: Date, sharePercent: number): Promise<WorkerEarnings> {
  const starts = earningsPeriodStarts(now);
  const earliest = starts.week < starts.month ? starts.week : starts.month;
  const jobs = await completedJobsSince(db, workerId, earliest, sharePercent);
  const summary = summarizeEarnings(jobs, now);
  return {
    sharePercent,
    ...summary,
    jobs: jobs.filter((job) => job.date >= starts.month).map((job) => ({ ...job, service: job.service as ServiceSlug })),
  };
}
