// @vitest-environment jsdom
/**
 * /admin/analytics as an admin uses it: the reports for the chosen period with their numbers,
 * switching the period (presets and custom dates checked before asking), CSV of a table, and the
 * loading, empty, error and access states.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChatResponseReport, ContactReport, FunnelReport, RevenueReport, TrafficReport, WebVitalsReport } from '@/domain/analytics-reports';
import { FUNNEL_STEPS } from '@/domain/booking-funnel';
import { loadRouteMessages } from '@/web/lib/i18n';
import { mockApi, renderPage, type ApiTable } from '@/web/test/render-route';
import { Component as AnalyticsPage } from './analytics-page';

const ADMIN = { user: { id: 'a1', email: 'admin@example.com', name: 'Dana Admin' }, profile: null, role: 'admin' };
const CUSTOMER = { user: { id: 'c1', email: 'carla@example.com', name: 'Carla' }, profile: null, role: 'user' };
const period = { range: '7d' as const, from: '2026-11-15', to: '2026-11-21', timeZone: 'America/New_York' as const };
const dates = ['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21'];
const zeroMoney = { bookings: 0, bookedCents: 0, capturedCents: 0, refundedCents: 0, netCents: 0 };

const revenue: RevenueReport = {
  period,
  totals: { bookings: 3, bookedCents: 14514, capturedCents: 9676, refundedCents: 1000, netCents: 8676, refunds: 1, averageOrderCents: 4838, completedJobs: 2, averageJobCents: 4838 },
  byDay: dates.map((date) => (date === '2026-11-21' ? { date, bookings: 3, bookedCents: 14514, capturedCents: 9676, refundedCents: 1000, netCents: 8676 } : { date, ...zeroMoney })),
  byService: [{ service: 'tv-installation', bookings: 3, bookedCents: 14514, capturedCents: 9676, refundedCents: 1000, netCents: 8676, averageOrderCents: 4838 }],
  cancellations: [
    { tier: 'grace', bookings: 0, feeCents: 0 },
    { tier: 'free', bookings: 1, feeCents: 0 },
    { tier: 'half', bookings: 1, feeCents: 2419 },
    { tier: 'full', bookings: 0, feeCents: 0 },
    { tier: 'waived', bookings: 0, feeCents: 0 },
    { tier: 'no_show', bookings: 0, feeCents: 0 },
  ],
  rescheduled: 2,
};
const funnel: FunnelReport = {
  period,
  steps: FUNNEL_STEPS.map((step, i) => ({ step, reached: 10 - i, completed: 9 - i, dropOff: 1, dropOffRate: 1 / (10 - i), fromStart: (10 - i) / 10 })),
  started: 10,
  booked: 3,
  conversion: 0.3,
  blockers: [{ step: 'options', field: 'screenSize', rule: 'validation.screenSizeRequired', times: 4, visitors: 3 }],
};
const contact: ContactReport = {
  period,
  promiseMinutes: { first: 5, last: 10 },
  totals: { bookings: 10, contacted: 4, within5: 2, within10: 3, medianSeconds: 330, notContacted: 6, shareWithin5: 0.2, shareWithin10: 0.3, worstSeconds: 900 },
  byDay: dates.map((date) => ({ date, bookings: 0, contacted: 0, within5: 0, within10: 0, medianSeconds: null })),
};
const chatResponses: ChatResponseReport = {
  period,
  withinMinutes: 10,
  totals: { answered: 5, within: 3, shareWithin: 0.6, medianSeconds: 600, medianFirstSeconds: 240, conversations: 3 },
  byDay: dates.map((date) => (date === '2026-11-21' ? { date, answered: 5, within: 3, medianSeconds: 600 } : { date, answered: 0, within: 0, medianSeconds: null })),
};
const noChats: ChatResponseReport = {
  ...chatResponses,
  totals: { answered: 0, within: 0, shareWithin: null, medianSeconds: null, medianFirstSeconds: null, conversations: 0 },
  byDay: dates.map((date) => ({ date, answered: 0, within: 0, medianSeconds: null })),
};
const traffic: TrafficReport = {
  period,
  totals: { pageViews: 0, visitors: 0 },
  byDay: dates.map((date) => ({ date, pageViews: 0, visitors: 0 })),
  topPages: [],
  languages: [],
};
const vitals: WebVitalsReport = {
  period,
  thresholds: [{ metric: 'LCP', good: 2500, poor: 4000, unit: 'ms' }],
  overall: [{ metric: 'LCP', p75: 3500, samples: 4, rating: 'needs_improvement', good: 1, needsImprovement: 2, poor: 1 }],
  byRoute: [{ path: '=cmd|/C calc', metric: 'LCP', p75: 3500, samples: 4, rating: 'needs_improvement', good: 1, needsImprovement: 2, poor: 1 }],
};

function reports(overrides: ApiTable = {}) {
  const queries: string[] = [];
  const answer = (body: unknown) => (_init: RequestInit | undefined, url: URL) => {
    queries.push(`${url.pathname.split('/').pop()}?${url.searchParams}`);
    return { body };
  };
  mockApi({
    'GET /api/me': { body: ADMIN },
    'GET /api/admin/analytics/revenue': answer(revenue),
    'GET /api/admin/analytics/funnel': answer(funnel),
    'GET /api/admin/analytics/contact': answer(contact),
    'GET /api/admin/analytics/chat-responses': answer(chatResponses),
    'GET /api/admin/analytics/traffic': answer(traffic),
    'GET /api/admin/analytics/web-vitals': answer(vitals),
    ...overrides,
  });
  return queries;
}

const region = (name: string) => screen.findByRole('region', { name });
/** The value of a headline number, by its label. */
const tile = (container: HTMLElement, label: string) => within(container).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the analytics page', () => {
  beforeAll(async () => {
    await loadRouteMessages('analytics');
    // recharts measures its box; jsdom has no ResizeObserver
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} });
  });

  it('shows each report for the last 7 days: money, funnel, contact time, an empty traffic report, Web Vitals', async () => {
    const queries = reports();
    renderPage(<AnalyticsPage />, { path: '/admin/analytics' });

    const money = await region('Bookings and revenue');
    await within(money).findByRole('table', { name: 'By day' });
    expect(tile(money, 'Captured')).toBe('$96.76');
    expect(tile(money, 'Net revenue')).toBe('$86.76');
    expect(tile(money, 'Average order value')).toBe('$48.38');
    const tiers = within(money).getByRole('table', { name: 'Cancellations by policy tier' });
    expect(within(tiers).getByRole('row', { name: /50% fee \(12–24 hours notice\) 1 \$24\.19/ })).toBeInTheDocument();
    expect(within(money).getByText('Rescheduled in this period: 2')).toBeInTheDocument();
    expect(within(money).getByRole('table', { name: 'By day' }).querySelectorAll('tbody tr')).toHaveLength(7);

    const steps = await region('Booking funnel');
    await within(steps).findByRole('table', { name: 'Booking funnel' });
    expect(tile(steps, 'Conversion')).toBe('30%');
    const blockers = within(steps).getByRole('table', { name: 'What stopped people' });
    expect(within(blockers).getByText('Please select a screen size.')).toBeInTheDocument();
    expect(within(blockers).getByText('validation.screenSizeRequired')).toBeInTheDocument();

    const calls = await region('Contact time');
    await within(calls).findByRole('table', { name: 'Contact time' });
    expect(tile(calls, 'Within 5 minutes')).toBe('20%');
    expect(tile(calls, 'Median')).toBe('5.5 min');

    const chats = await region('Chat response times');
    await within(chats).findByRole('table', { name: 'Chat response times' });
    expect(tile(chats, 'Answered waits')).toBe('5');
    expect(tile(chats, 'Within 10 minutes')).toBe('60%');
    expect(tile(chats, 'Median first response')).toBe('4 min');
    expect(tile(chats, 'Median response')).toBe('10 min');
    expect(within(chats).getByText('3 conversations with messages')).toBeInTheDocument();

    expect(await within(await region('Traffic')).findByText('Nothing in this period yet.')).toBeInTheDocument();
    const speed = await region('Core Web Vitals');
    expect(await within(speed).findAllByText('Needs improvement')).not.toHaveLength(0);
    expect(within(speed).getAllByText('3,500 ms')).toHaveLength(2);

    expect(screen.getByText('Nov 15, 2026 – Nov 21, 2026, Tampa time')).toBeInTheDocument();
    expect(queries.sort()).toEqual(['chat-responses?range=7d', 'contact?range=7d', 'funnel?range=7d', 'revenue?range=7d', 'traffic?range=7d', 'web-vitals?range=7d']);
  });

  it('asks for another period with the buttons or custom dates, checking the dates first', async () => {
    const queries = reports();
    const { router } = renderPage(<AnalyticsPage />, { path: '/admin/analytics' });
    const user = userEvent.setup();
    await region('Bookings and revenue');
    const periodGroup = screen.getByRole('group', { name: 'Period' });
    expect(within(periodGroup).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(periodGroup).getByRole('button', { name: '30 days' }));
    await vi.waitFor(() => expect(queries).toContain('revenue?range=30d'));
    expect(router.state.location.search).toBe('?range=30d');

    await user.click(within(screen.getByRole('group', { name: 'Period' })).getByRole('button', { name: 'Custom' }));
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-10');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The first date must be on or before the last date.')).toBeInTheDocument();
    expect(queries.some((q) => q.includes('custom'))).toBe(false);

    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-12{Enter}');
    await vi.waitFor(() => expect(queries).toContain('funnel?range=custom&from=2026-11-10&to=2026-11-12'));
  });

  it('downloads a table as CSV with exactly its rows, formulas defused', async () => {
    reports();
    const blobs: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (blobs.push(blob), 'blob:csv'), revokeObjectURL: () => {} }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage(<AnalyticsPage />, { path: '/admin/analytics' });
    const speed = await region('Core Web Vitals');
    await userEvent.click(await within(speed).findByRole('button', { name: 'Download "By route" as CSV' }));

    expect(clicked).toEqual(['analytics-by-route-2026-11-15-2026-11-21.csv']);
    expect([...new Uint8Array(await blobs[0]!.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark
    expect(await blobs[0]!.text()).toBe('Route,Metric,p75,Rating,Samples,Good,Needs improvement,Poor\r\n' + "'=cmd|/C calc,LCP,3500,needs_improvement,4,1,2,1\r\n");
  });

  it('shows an error with "Try again" for the report that failed, and the others as usual', async () => {
    let fail = true;
    reports({
      'GET /api/admin/analytics/contact': () => (fail ? { status: 500, body: { message: 'Something went wrong on our side.', code: 'internal_error', details: null, hint: null } } : { body: contact }),
    });
    renderPage(<AnalyticsPage />, { path: '/admin/analytics' });
    const calls = await region('Contact time');
    expect(await within(calls).findByText("We couldn't load this report.")).toBeInTheDocument();
    expect(tile(await region('Bookings and revenue'), 'Captured')).toBe('$96.76');
    fail = false;
    await userEvent.click(within(calls).getByRole('button', { name: 'Try again' }));
    await within(calls).findByRole('table', { name: 'Contact time' });
    expect(tile(calls, 'Within 10 minutes')).toBe('30%');
  });

  it('shows the chat response times as empty when no chats happened in the period', async () => {
    reports({ 'GET /api/admin/analytics/chat-responses': { body: noChats } });
    renderPage(<AnalyticsPage />, { path: '/admin/analytics' });
    const chats = await region('Chat response times');
    expect(await within(chats).findByText('Nothing in this period yet.')).toBeInTheDocument();
    expect(within(chats).queryByRole('table')).toBeNull();
  });

  it('is for admins only', async () => {
    mockApi({ 'GET /api/me': { body: CUSTOMER } });
    renderPage(<AnalyticsPage />, { path: '/admin/analytics' });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
  });
});
