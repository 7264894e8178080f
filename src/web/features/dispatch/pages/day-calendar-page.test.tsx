// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DayCalendar, DispatchBooking } from '@/domain/dispatch-contract';
import { installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { ADMIN, dispatchBooking } from '../testing/fixtures';
import { Component as DayCalendarPage } from './day-calendar-page';

// Friday 2026-05-15 (EDT): the fixture booking starts at 2:30 PM.
const DAY = { date: '2026-05-15', dayStart: '2026-05-15T04:00:00.000Z', dayEnd: '2026-05-16T04:00:00.000Z' };
const WORKERS = [
  { id: 'w1', name: 'Luis Ortega', skills: ['tv-installation' as const] },
  { id: 'w2', name: 'Mia Chen', skills: ['tv-installation' as const] },
];

function calendarServer(jobs: DispatchBooking[]) {
  let current = jobs;
  const assigned: { id: string; workerId: string }[] = [];
  const fetchMock = mockApi({
    'GET /api/me': { body: ADMIN },
    'GET /api/admin/calendar': () => ({ body: { ...DAY, workers: WORKERS, jobs: current } satisfies DayCalendar }),
    'POST /api/admin/bookings/b1/assign': (init) => {
      const { workerId } = JSON.parse(String(init?.body)) as { workerId: string };
      if (workerId === 'w2') return { status: 409, body: { code: 'worker_unavailable', message: "That worker isn't free for this job (skill, shift, time off or another job too close)." } };
      assigned.push({ id: 'b1', workerId });
      current = current.map((j) => (j.id === 'b1' ? { ...j, status: 'confirmed', worker: { id: workerId, name: 'Luis Ortega', phone: null } } : j));
      return { body: current.find((j) => j.id === 'b1') };
    },
  });
  return { fetchMock, assigned };
}

describe('the day calendar', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the asked day's unassigned jobs in the tray and a row per technician", async () => {
    const { fetchMock } = calendarServer([dispatchBooking(), dispatchBooking({ id: 'b2', reference: 'TB-2', status: 'confirmed', worker: { id: 'w2', name: 'Mia Chen', phone: null } })]);
    renderPage(<DayCalendarPage />, { path: '/admin/calendar?date=2026-05-15', routePath: '/admin/calendar' });

    const tray = await screen.findByRole('region', { name: 'Unassigned (1 job)' }, { timeout: 5_000 });
    expect(within(tray).getByRole('button', { name: /^TB-7K3M9Q, TV installation, 2:30 PM – 3:30 PM, Ana Lopez/ })).toBeVisible();
    expect(within(screen.getByRole('group', { name: /^Mia Chen: 1 job/ })).getByRole('button', { name: /^TB-2,/ })).toBeVisible();
    expect(within(screen.getByRole('group', { name: /^Luis Ortega: 0 jobs/ })).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('heading', { name: 'May 15, 2026' })).toBeVisible();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/admin/calendar?date=2026-05-15')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Next day' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/admin/calendar?date=2026-05-16')).toBe(true));
  });

  it('moves a job with the keyboard; a refusal shows the server message in the dialog and nothing moves', async () => {
    const user = userEvent.setup();
    const { assigned } = calendarServer([dispatchBooking()]);
    renderPage(<DayCalendarPage />, { path: '/admin/calendar?date=2026-05-15', routePath: '/admin/calendar' });

    const block = await screen.findByRole('button', { name: /^TB-7K3M9Q,/ }, { timeout: 5_000 });
    block.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Move TB-7K3M9Q to…' });
    expect(dialog).toHaveTextContent('Not assigned yet.');

    await user.click(within(dialog).getByRole('radio', { name: 'Mia Chen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("That worker isn't free for this job (skill, shift, time off or another job too close).");
    expect(assigned).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'Luis Ortega' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(assigned).toEqual([{ id: 'b1', workerId: 'w1' }]);
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'TB-7K3M9Q is now with Luis Ortega.')).toBe(true);
    expect(await within(await screen.findByRole('group', { name: /^Luis Ortega: 1 job/ })).findByRole('button', { name: /^TB-7K3M9Q,/ })).toBeVisible();
  });
});
