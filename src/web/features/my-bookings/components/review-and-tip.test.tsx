// @vitest-environment jsdom
/**
 * Rating and tipping a completed job in My Bookings (issue #14): the star radio group (arrow keys,
 * labelled stars), a review sent once and shown afterwards, the receipt email's link focusing the
 * form, tips with nothing pre-selected, a declined card's message and a retry with a new key.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingView } from '@/domain/booking-request';
import { mockApi, renderPage, type ApiTable } from '@/web/test/render-route';
import { Component as MyBookingsPage } from '../pages/my-bookings-page';
import { booking, ME, SETTINGS } from '../testing/bookings';

// The job was completed on 2026-05-15 at 20:00 UTC; "now" is an hour later.
const COMPLETED_AT = '2026-05-15T20:00:00.000Z';
const completed = (overrides: Partial<BookingView> = {}) =>
  booking({
    status: 'completed',
    canCancel: false,
    canReschedule: false,
    completedAt: COMPLETED_AT,
    payment: { status: 'captured', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true },
    money: { heldCents: 4838, capturedCents: 4838, extraChargedCents: 0, refundedCents: 0, paidCents: 4838 },
    worker: { id: 'w1', name: 'Wes Worker', phone: null, rating: { average: 4.5, count: 2 } },
    review: null,
    tip: null,
    reviewUntil: '2026-05-29T20:00:00.000Z',
    tipUntil: '2026-05-17T20:00:00.000Z',
    ...overrides,
  });

function api(current: BookingView, overrides: ApiTable = {}) {
  const fetchMock = mockApi({
    'GET /api/me': { body: ME },
    'GET /api/settings/public': { body: SETTINGS },
    'GET /api/bookings': () => ({ body: { bookings: [current] } }),
    'POST /api/bookings/b1/review': (init) => {
      const { rating, comment } = JSON.parse(String(init?.body)) as { rating: number; comment: string | null };
      const review = { id: '00000000-0000-4000-8000-000000000001', rating, comment, createdAt: '2026-05-15T21:00:00.000Z', hidden: false };
      current = { ...current, review };
      return { status: 201, body: review };
    },
    ...overrides,
  });
  const requests = (method: string, path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method);
  return {
    requests,
    set: (next: BookingView) => {
      current = next;
    },
  };
}

describe('rating and tipping a completed job', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-05-15T21:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('rates with the arrow keys, sends the review once and shows it', async () => {
    const { requests } = api(completed());
    renderPage(<MyBookingsPage />, { path: '/my-bookings' });
    const form = await screen.findByRole('region', { name: 'Rate this job' });
    expect(within(screen.getByRole('article')).getByText('Rated 4.5 of 5 (2 reviews)')).toBeInTheDocument();
    const stars = within(form).getByRole('group', { name: 'How did it go? Choose 1 to 5 stars.' });
    expect(within(stars).getAllByRole('radio').map((r) => r.getAttribute('aria-label'))).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);

    await userEvent.click(within(form).getByRole('button', { name: 'Send review' }));
    expect(within(form).getByText('Choose a number of stars.')).toBeInTheDocument();
    expect(requests('POST', '/api/bookings/b1/review')).toHaveLength(0);

    await userEvent.click(within(stars).getByRole('radio', { name: '2 stars' }));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(stars).getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.type(within(form).getByLabelText('Comment (optional)'), 'Tidy work');
    await userEvent.click(within(form).getByRole('button', { name: 'Send review' }));

    const yours = await screen.findByRole('region', { name: 'Your review' });
    expect(yours).toHaveTextContent('4 stars');
    expect(yours).toHaveTextContent('Tidy work');
    expect(screen.queryByRole('region', { name: 'Rate this job' })).not.toBeInTheDocument();
    const sent = requests('POST', '/api/bookings/b1/review');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]![1]?.body))).toEqual({ rating: 4, comment: 'Tidy work' });
  });

  it("the receipt email's link focuses the first star", async () => {
    api(completed());
    renderPage(<MyBookingsPage />, { path: '/my-bookings?booking=b1&review=1' });
    const form = await screen.findByRole('region', { name: 'Rate this job' });
    await waitFor(() => expect(within(form).getByRole('radio', { name: '1 star' })).toHaveFocus());
  });

  it('offers no review or tip once their windows have closed', async () => {
    api(completed({ reviewUntil: '2026-05-15T20:30:00.000Z', tipUntil: '2026-05-15T20:30:00.000Z' }));
    renderPage(<MyBookingsPage />, { path: '/my-bookings' });
    await screen.findByRole('article');
    expect(screen.queryByRole('region', { name: 'Rate this job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Add a tip/ })).not.toBeInTheDocument();
  });

  it('tips: nothing pre-selected, a declined card explained, then charged with a new key and shown', async () => {
    let attempt = 0;
    const { requests, set } = api(completed(), {
      'POST /api/bookings/b1/tip': (init) => {
        attempt += 1;
        if (attempt === 1) return { status: 402, body: { message: 'Your card was declined.', code: 'card_declined', details: null, hint: null } };
        const { amountCents } = JSON.parse(String(init?.body)) as { amountCents: number };
        const tip = { amountCents, status: 'succeeded' as const, failureCode: null, updatedAt: '2026-05-15T21:00:00.000Z' };
        set(completed({ tip, money: { heldCents: 4838, capturedCents: 4838, extraChargedCents: 0, refundedCents: 0, paidCents: 4838 + amountCents } }));
        return { status: 201, body: tip };
      },
    });
    renderPage(<MyBookingsPage />, { path: '/my-bookings' });
    const tip = await screen.findByRole('region', { name: 'Add a tip for Wes Worker' });
    const choices = within(tip).getAllByRole('radio');
    expect(choices.map((c) => c.closest('label')?.textContent)).toEqual(['10% ($4.84)', '15% ($7.26)', '20% ($9.68)', 'Other amount']);
    for (const choice of choices) expect(choice).not.toBeChecked();

    await userEvent.click(within(tip).getByRole('button', { name: 'Add tip' }));
    expect(within(tip).getByRole('alert')).toHaveTextContent('Choose a tip amount first.');
    expect(requests('POST', '/api/bookings/b1/tip')).toHaveLength(0);

    await userEvent.click(within(tip).getByRole('radio', { name: 'Other amount' }));
    await userEvent.type(within(tip).getByLabelText('Tip amount in dollars'), '60');
    await userEvent.click(within(tip).getByRole('button', { name: 'Add tip of $60.00' }));
    expect(within(tip).getByRole('alert')).toHaveTextContent('From $1.00 to $48.38.');

    await userEvent.click(within(tip).getByRole('radio', { name: '20% ($9.68)' }));
    await userEvent.click(within(tip).getByRole('button', { name: 'Add tip of $9.68' }));
    expect(await within(tip).findByText('Your card was declined.')).toBeInTheDocument();

    await userEvent.click(within(tip).getByRole('button', { name: 'Add tip of $9.68' }));
    expect(await screen.findByRole('heading', { name: 'Tip: $9.68' })).toBeInTheDocument();
    const receipt = screen.getByRole('region', { name: /Receipt/ });
    expect(within(receipt).getByText('Tip')).toBeInTheDocument();

    const sent = requests('POST', '/api/bookings/b1/tip');
    expect(sent.map(([, init]) => JSON.parse(String(init?.body)))).toEqual([{ amountCents: 968 }, { amountCents: 968 }]);
    const keys = sent.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).not.toBe(keys[0]);
  });
});
