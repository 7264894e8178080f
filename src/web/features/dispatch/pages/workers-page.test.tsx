// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/web/test/render-route';
import { ADMIN } from '../testing/fixtures';
import { Component as WorkersPage } from './workers-page';

describe('the workers list', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each worker with skills, active state, job counts and the weekly hours in Tampa time', async () => {
    mockApi({
      'GET /api/me': { body: ADMIN },
      'GET /api/admin/workers': {
        body: {
          workers: [
            {
              id: 'w1',
              name: 'Luis Ortega',
              email: 'luis@example.com',
              phone: '+18135550999',
              active: true,
              skills: ['tv-installation', 'painting'],
              weekly: [
                { weekday: 0, startMinute: 600, endMinute: 840 },
                { weekday: 1, startMinute: 780, endMinute: 1020 },
                { weekday: 1, startMinute: 480, endMinute: 720 },
              ],
              timeOff: [{ id: 't1', startsOn: '2026-12-24', endsOn: '2026-12-26', note: 'Holidays' }],
              todayJobs: 3,
              completedJobs: 41,
            },
            { id: 'w2', name: 'Mia Chen', email: 'mia@example.com', phone: null, active: false, skills: [], weekly: [], timeOff: [], todayJobs: 0, completedJobs: 0 },
          ],
        },
      },
    });
    renderPage(<WorkersPage />, { path: '/admin/workers' });

    const luis = (await screen.findByRole('heading', { name: 'Luis Ortega' })).closest('article') as HTMLElement;
    expect(luis).toHaveTextContent('Active');
    expect(luis).toHaveTextContent('(813) 555-0999');
    expect(luis).toHaveTextContent('TV installation, Painting');
    expect(within(luis).getByText("Today's jobs").nextElementSibling).toHaveTextContent('3');
    expect(within(luis).getByText('Completed jobs').nextElementSibling).toHaveTextContent('41');
    // Intl writes date ranges with thin spaces around the dash; read them as plain spaces.
    const days = within(luis).getAllByRole('listitem').map((item) => item.textContent?.replace(/\s/g, ' '));
    expect(days).toEqual(['Mon 8:00 AM – 12:00 PM, 1:00 PM – 5:00 PM', 'Sun 10:00 AM – 2:00 PM', 'Thu, Dec 24 – Sat, Dec 26 (Holidays)']);

    const mia = (await screen.findByRole('heading', { name: 'Mia Chen' })).closest('article') as HTMLElement;
    expect(mia).toHaveTextContent('Inactive');
    expect(mia).toHaveTextContent('No hours set');
  });

  it('shows "—" without a rating and makes a worker inactive', async () => {
    let active = true;
    const bodies: unknown[] = [];
    const worker = () => ({ id: 'w1', name: 'Luis Ortega', email: 'luis@example.com', phone: null, active, skills: ['painting'], weekly: [], timeOff: [], todayJobs: 0, completedJobs: 0, rating: null });
    mockApi({
      'GET /api/me': { body: ADMIN },
      'GET /api/admin/workers': () => ({ body: { workers: [worker()] } }),
      'PATCH /api/admin/workers/w1': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        active = false;
        return { body: { id: 'w1', active } };
      },
    });
    renderPage(<WorkersPage />, { path: '/admin/workers' });
    const luis = (await screen.findByRole('heading', { name: 'Luis Ortega' })).closest('article') as HTMLElement;
    expect(within(luis).getByText('Rating').nextElementSibling).toHaveTextContent('—');
    await userEvent.setup().click(within(luis).getByRole('button', { name: 'Make inactive' }));
    expect(await screen.findByText('Luis Ortega is inactive and gets no new jobs.')).toBeInTheDocument();
    expect(bodies).toEqual([{ active: false }]);
    expect(await within(luis).findByRole('button', { name: 'Make active' })).toBeInTheDocument();
  });
});
