// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkerEarnings } from '@/domain/worker-earnings-contract';
import { mockApi, renderPage } from '@/web/test/render-route';
import { EarningsSummary } from './earnings-summary';

const totals = (from: string, jobs: number, shareCents: number, tipCents: number) => ({ from, jobs, labourCents: Math.round(shareCents / 0.7), shareCents, tipCents, earningsCents: shareCents + tipCents });

const EARNINGS: WorkerEarnings = {
  sharePercent: 70,
  today: totals('2026-11-24', 1, 3150, 1000),
  week: totals('2026-11-23', 2, 6318, 1000),
  month: totals('2026-11-01', 3, 9468, 1000),
  jobs: [],
};

describe("the worker's earnings", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows today's, this week's and this month's earnings with the jobs, share and tips, and the CSV link", async () => {
    mockApi({ 'GET /api/worker/earnings': { body: EARNINGS } });
    renderPage(<EarningsSummary />, { path: '/worker' });

    const section = await screen.findByRole('region', { name: 'My earnings' }, { timeout: 5_000 });
    const cards = await within(section).findAllByRole('listitem', {}, { timeout: 5_000 });
    expect(cards.map((card) => card.textContent)).toEqual([
      'Today$41.501 job completedShare $31.50 · Tips $10',
      'This week$73.182 jobs completedShare $63.18 · Tips $10',
      'This month$104.683 jobs completedShare $94.68 · Tips $10',
    ]);
    expect(section).toHaveTextContent('You earn 70% of the labour (before tax) of each completed job, plus 100% of your tips.');
    const csv = within(section).getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', '/api/worker/earnings.csv?period=month');
    expect(csv).toHaveAttribute('download');
  });

  it('says so when the earnings cannot be loaded', async () => {
    mockApi({ 'GET /api/worker/earnings': { status: 500, body: { message: 'Something went wrong', code: 'internal' } } });
    renderPage(<EarningsSummary />, { path: '/worker' });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent("We couldn't load your earnings.");
  });
});
