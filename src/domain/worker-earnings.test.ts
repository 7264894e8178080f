import { describe, expect, it } from 'vitest';
import { earningsPeriodStarts, jobEarnings, summarizeEarnings, workerShareCents, type CompletedJobFacts } from './worker-earnings';

const job = (over: Partial<CompletedJobFacts>): CompletedJobFacts => ({
  bookingId: 'b',
  reference: 'TB-AAAAAA',
  service: 'tv-installation',
  completedAt: '2026-11-24T17:00:00Z',
  finalSubtotalCents: null,
  subtotalCents: 10_000,
  tipCents: 0,
  ...over,
});

describe('worker earnings', () => {
  it('gives the worker their percent of the labour, half a cent up', () => {
    expect(workerShareCents(10_000, 70)).toBe(7_000);
    expect(workerShareCents(4_525, 70)).toBe(3_168); // 3,167.5 -> 3,168
    expect(workerShareCents(4_521, 70)).toBe(3_165); // 3,164.7 -> 3,165
    expect(workerShareCents(4_522, 70)).toBe(3_165); // 3,165.4 -> 3,165
    expect(workerShareCents(999, 0)).toBe(0);
    expect(workerShareCents(999, 100)).toBe(999);
    expect(() => workerShareCents(-1, 70)).toThrow(RangeError);
    expect(() => workerShareCents(100, 101)).toThrow(RangeError);
    expect(() => workerShareCents(10.5, 70)).toThrow(RangeError);
  });

  it('uses the final subtotal when there is one, the booked subtotal otherwise, and adds the whole tip', () => {
    expect(jobEarnings(job({ finalSubtotalCents: 15_000, subtotalCents: 10_000, tipCents: 1_000 }), 70)).toMatchObject({ labourCents: 15_000, shareCents: 10_500, tipCents: 1_000, earningsCents: 11_500 });
    expect(jobEarnings(job({ tipCents: 0 }), 70)).toMatchObject({ labourCents: 10_000, shareCents: 7_000, earningsCents: 7_000 });
  });

  it('dates a job by the Tampa day it was completed', () => {
    // 00:30 UTC on the 25th is 19:30 on the 24th in Tampa
    expect(jobEarnings(job({ completedAt: '2026-11-25T00:30:00Z' }), 70).date).toBe('2026-11-24');
  });

  it('starts weeks on Monday and months on the 1st, Tampa time', () => {
    // Tuesday 2026-11-24, 10:00 Tampa
    expect(earningsPeriodStarts(new Date('2026-11-24T15:00:00Z'))).toEqual({ today: '2026-11-24', week: '2026-11-23', month: '2026-11-01' });
    // Sunday 2026-11-29 is still the week of Monday the 23rd
    expect(earningsPeriodStarts(new Date('2026-11-29T15:00:00Z')).week).toBe('2026-11-23');
    // 2026-12-01 02:00 UTC is still November 30 (a Monday) in Tampa
    expect(earningsPeriodStarts(new Date('2026-12-01T02:00:00Z'))).toEqual({ today: '2026-11-30', week: '2026-11-30', month: '2026-11-01' });
  });

  it("totals today's, this week's and this month's jobs", () => {
    const now = new Date('2026-11-24T20:00:00Z'); // Tuesday 15:00 Tampa
    const jobs = [
      jobEarnings(job({ bookingId: 'today', completedAt: '2026-11-24T16:00:00Z', tipCents: 500 }), 70), // 7,000 + 500
      jobEarnings(job({ bookingId: 'monday', completedAt: '2026-11-23T16:00:00Z', subtotalCents: 4_525 }), 70), // 3,168
      jobEarnings(job({ bookingId: 'last week', completedAt: '2026-11-20T16:00:00Z', subtotalCents: 2_000 }), 70), // 1,400
      jobEarnings(job({ bookingId: 'last month', completedAt: '2026-10-31T16:00:00Z' }), 70),
    ];
    const summary = summarizeEarnings(jobs, now);
    expect(summary.today).toEqual({ from: '2026-11-24', jobs: 1, labourCents: 10_000, shareCents: 7_000, tipCents: 500, earningsCents: 7_500 });
    expect(summary.week).toMatchObject({ from: '2026-11-23', jobs: 2, earningsCents: 10_668 });
    expect(summary.month).toMatchObject({ from: '2026-11-01', jobs: 3, labourCents: 16_525, earningsCents: 12_068 });
  });
});
