/**
 * The worker earnings API contract (issue #14): `GET /api/worker/earnings` (the signed-in worker),
 * `GET /api/worker/earnings.csv` (the same jobs as a spreadsheet), and
 * `GET /api/admin/workers/{id}/earnings` (an admin reading any worker's). The arithmetic and its
 * rounding rule are src/domain/worker-earnings.ts. Money in cents, dates 'YYYY-MM-DD' in Tampa.
 */
import { z } from 'zod';
import { SERVICE_SLUGS } from './services';

const totals = z.object({
  /** The period's first Tampa date (today, Monday of this week, the 1st of this month). */
  from: z.iso.date(),
  jobs: z.number().int(),
  labourCents: z.number().int(),
  shareCents: z.number().int(),
  tipCents: z.number().int(),
  earningsCents: z.number().int(),
});

export const jobEarningsSchema = z
  .object({
    bookingId: z.string(),
    reference: z.string(),
    service: z.enum(SERVICE_SLUGS),
    date: z.iso.date(),
    completedAt: z.iso.datetime({ offset: true }),
    labourCents: z.number().int(),
    shareCents: z.number().int(),
    tipCents: z.number().int(),
    earningsCents: z.number().int(),
  })
  .meta({ id: 'JobEarnings' });
export type JobEarningsView = z.infer<typeof jobEarningsSchema>;

/** The summary of today, this week and this month, the share percent applied, and this month's jobs (newest first). */
export const workerEarningsSchema = z
  .object({
    sharePercent: z.number().int(),
    today: totals,
    week: totals,
    month: totals,
    jobs: z.array(jobEarningsSchema),
  })
  .meta({ id: 'WorkerEarnings' });
export type WorkerEarnings = z.infer<typeof workerEarningsSchema>;

export const EARNINGS_PERIODS = ['today', 'week', 'month'] as const;
export type EarningsPeriod = (typeof EARNINGS_PERIODS)[number];

/** `GET /api/worker/earnings.csv?period=`: the period's completed jobs (this month by default). */
export const earningsCsvQuerySchema = z.object({ period: z.enum(EARNINGS_PERIODS, { error: 'validation.invalid' }).default('month') });
