// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, type ApiTable } from '@/web/test/render-route';
import type { DispatchBookingDetail } from '../types';
import { ADMIN, bookingDetail, dispatchBooking } from '../testing/fixtures';
import { Component as BookingDetailPage } from './booking-detail-page';

function renderDetail(detail: DispatchBookingDetail | (() => DispatchBookingDetail), table: ApiTable = {}) {
  const fetchMock = mockApi({
    'GET /api/me': { body: ADMIN },
    'GET /api/admin/bookings/b1': () => ({ body: typeof detail === 'function' ? detail() : detail }),
    ...table,
  });
  renderPage(<BookingDetailPage />, { path: '/admin/bookings/b1', routePath: '/admin/bookings/:id' });
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls
      .filter(([url, init]) => String(url) === path && (init?.method ?? 'GET') === method)
      .map(([, init]) => ({ body: init?.body ? JSON.parse(String(init.body)) : undefined, headers: (init?.headers ?? {}) as Record<string, string> }));
  return { calls };
}

async function openAction(name: string, dialogName: string | RegExp = name) {
  await userEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: dialogName });
}

describe('a booking for the admin', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the customer, contact, address with a map link, options, photo, money and the timeline', async () => {
    renderDetail(
      bookingDetail({
        booking: dispatchBooking({ notes: 'Gate code 1234', service: 'furniture-assembly', options: { service: 'furniture-assembly', productName: 'IKEA Malm dresser', estimatedHours: 2 } }),
        photoUrl: '/api/uploads/p1',
      }),
    );

    expect(await screen.findByRole('heading', { name: 'TB-7K3M9Q' })).toBeInTheDocument();
    const customer = screen.getByRole('region', { name: 'Customer' });
    expect(customer).toHaveTextContent('Ana Lopez');
    expect(within(customer).getByRole('link', { name: 'ana@example.com' })).toHaveAttribute('href', 'mailto:ana@example.com');
    expect(within(customer).getByRole('link', { name: /\(813\) 555-0123/ })).toHaveAttribute('href', 'tel:+18135550123');
    expect(within(customer).getByRole('link', { name: /123 Main St/ })).toHaveAttribute('href', expect.stringContaining('https://www.google.com/maps/search/?api=1&query=123%20Main%20St'));
    const job = screen.getByRole('region', { name: 'The job' });
    expect(job).toHaveTextContent('IKEA Malm dresser');
    expect(job).toHaveTextContent('Gate code 1234');
    expect(within(job).getByRole('img', { name: "The customer's photo" })).toHaveAttribute('src', '/api/uploads/p1');
    const money = screen.getByRole('region', { name: 'Price and payment' });
    expect(money).toHaveTextContent('Held, not charged');
    expect(money).toHaveTextContent('Visa •••• 4242');
    expect(within(screen.getByRole('region', { name: 'History' })).getByText('Booked')).toBeInTheDocument();
  });

  it('offers only the assignable workers, and assigns one with an ETA', async () => {
    let detail = bookingDetail();
    const { calls } = renderDetail(() => detail, {
      'POST /api/admin/bookings/b1/assign': () => {
        detail = bookingDetail({ booking: dispatchBooking({ status: 'confirmed', worker: { id: 'w2', name: 'Mia Chen', phone: null }, etaAt: '2026-05-15T18:45:00.000Z' }) });
        return { body: detail.booking };
      },
    });

    const dialog = await openAction('Assign a technician');
    const select = within(dialog).getByRole('combobox', { name: 'Technician' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Choose a technician', 'Luis Ortega', 'Mia Chen']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await within(dialog).findByText('Choose a technician.')).toBeInTheDocument();
    expect(calls('POST', '/api/admin/bookings/b1/assign')).toHaveLength(0);

    await userEvent.selectOptions(select, 'w2');
    const eta = within(dialog).getByLabelText('Expected arrival (optional, Tampa time)');
    expect(eta).toHaveValue('14:30');
    await userEvent.clear(eta);
    await userEvent.type(eta, '14:45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls('POST', '/api/admin/bookings/b1/assign')[0].body).toEqual({ workerId: 'w2', etaAt: '2026-05-15T18:45:00.000Z' });
    expect(await screen.findByText('Mia Chen is assigned to TB-7K3M9Q.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Change technician' })).toBeInTheDocument();
  });

  it('shows the server\'s message when the worker was taken meanwhile (409), and refreshes the choice', async () => {
    let detail = bookingDetail();
    const { calls } = renderDetail(() => detail, {
      'POST /api/admin/bookings/b1/assign': () => {
        detail = bookingDetail({ assignableWorkers: [{ id: 'w1', name: 'Luis Ortega' }] });
        return { status: 409, body: { message: 'Mia Chen is no longer free at that time.', code: 'worker_unavailable' } };
      },
    });

    const dialog = await openAction('Assign a technician');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Technician' }), 'w2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Assign' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Mia Chen is no longer free at that time.');
    expect(within(dialog).getByRole('button', { name: 'Assign' })).toBeEnabled();
    await waitFor(() => expect(calls('GET', '/api/admin/bookings/b1').length).toBeGreaterThan(1));
  });

  it('shows the policy outcome before cancelling, and can waive the fee', async () => {
    // 18 hours ahead, booked 2 hours ago: the 50% tier.
    const start = new Date(Date.now() + 18 * 3_600_000);
    start.setUTCMinutes(0, 0, 0);
    const booking = dispatchBooking({ scheduledStart: start.toISOString(), scheduledEnd: new Date(start.getTime() + 3_600_000).toISOString(), createdAt: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    const { calls } = renderDetail(bookingDetail({ booking }), {
      'POST /api/admin/bookings/b1/cancel': () => ({ body: { ...booking, status: 'cancelled', cancellation: { tier: 'waived', feeCents: 0, cancelledAt: new Date().toISOString() } } }),
    });

    const dialog = await openAction('Cancel booking', 'Cancel this booking?');
    expect(dialog).toHaveTextContent('Between 12 and 24 hours before the start: a 50% cancellation fee.');
    expect(dialog).toHaveTextContent('Fee: $24.19');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Waive the fee (no charge)' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Customer is sick');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));

    await waitFor(() => expect(calls('POST', '/api/admin/bookings/b1/cancel')).toHaveLength(1));
    expect(calls('POST', '/api/admin/bookings/b1/cancel')[0].body).toEqual({ waiveFee: true, reason: 'Customer is sick' });
    expect(await screen.findByText('TB-7K3M9Q is cancelled with no charge.')).toBeInTheDocument();
  });

  it('completes a furniture job on the worker\'s behalf with the actual hours', async () => {
    const booking = dispatchBooking({ status: 'in_progress', service: 'furniture-assembly', options: { service: 'furniture-assembly', productName: 'Desk', estimatedHours: 2 } });
    const { calls } = renderDetail(bookingDetail({ booking }), {
      'POST /api/admin/bookings/b1/complete': () => ({ body: { ...booking, status: 'completed', final: { lineItems: [], subtotalCents: 8750, taxCents: 656, totalCents: 9406 } } }),
    });

    const dialog = await openAction('Complete for the technician');
    const hours = within(dialog).getByRole('combobox', { name: 'Hours worked' });
    expect(hours).toHaveValue('2');
    await userEvent.selectOptions(hours, '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));

    await waitFor(() => expect(calls('POST', '/api/admin/bookings/b1/complete')).toHaveLength(1));
    expect(calls('POST', '/api/admin/bookings/b1/complete')[0].body).toEqual({ actualHours: 2.5 });
    expect(await screen.findByText('TB-7K3M9Q is complete; $94.06 charged.')).toBeInTheDocument();
  });

  it('refunds with an amount, a reason and one Idempotency-Key per dialog, showing the error and keeping the key on retry', async () => {
    const booking = dispatchBooking({ status: 'completed', money: { heldCents: 4838, capturedCents: 4838, extraChargedCents: 0, refundedCents: 0, paidCents: 4838 } });
    let attempts = 0;
    const { calls } = renderDetail(bookingDetail({ booking }), {
      'POST /api/admin/bookings/b1/refund': () => {
        attempts += 1;
        return attempts === 1 ? { status: 502, body: { message: 'The bank did not answer. Please try again.', code: 'gateway_error' } } : { body: booking };
      },
    });

    const dialog = await openAction('Refund');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to refund (dollars)' });
    expect(amount).toHaveValue('48.38');
    await userEvent.clear(amount);
    await userEvent.type(amount, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('You can refund at most $48.38.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please give a reason (at least 3 characters).')).toBeInTheDocument();

    await userEvent.clear(amount);
    await userEvent.type(amount, '20.50');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Scratched wall');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('The bank did not answer. Please try again.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('$20.50 refunded on TB-7K3M9Q.')).toBeInTheDocument();

    const sent = calls('POST', '/api/admin/bookings/b1/refund');
    expect(sent).toHaveLength(2);
    expect(sent[0].body).toEqual({ amountCents: 2050, reason: 'Scratched wall' });
    expect(sent[0].headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1].headers['Idempotency-Key']).toBe(sent[0].headers['Idempotency-Key']);
  });

  it('says when the booking does not exist', async () => {
    mockApi({ 'GET /api/me': { body: ADMIN }, 'GET /api/admin/bookings/b1': { status: 404, body: { message: 'Not found', code: 'not_found' } } });
    renderPage(<BookingDetailPage />, { path: '/admin/bookings/b1', routePath: '/admin/bookings/:id' });
    expect(await screen.findByText("This booking doesn't exist.")).toBeInTheDocument();
  });
});
