// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DispatchBookingDetail } from '@/domain/dispatch-contract';
import { FINAL_AWAITING_APPROVAL } from '@/web/test/booking-view';
import { installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, type ApiTable } from '@/web/test/render-route';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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
    expect(calls('POST', '/api/admin/bookings/b1/cancel')[0].headers['Idempotency-Key']).toMatch(UUID);
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
    // Booked for 2 hours: at most 6 can be charged (the larger of twice the estimate and the estimate plus 4).
    const choices = within(hours).getAllByRole('option').map((option) => option.textContent);
    expect(choices).toHaveLength(11);
    expect(choices.slice(0, 2)).toEqual(['1 hour', '1.5 hours']);
    expect(choices.at(-1)).toBe('6 hours');
    expect(hours).toHaveAccessibleDescription(/Up to 6 hours for this job\./);
    await userEvent.selectOptions(hours, '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));

    await waitFor(() => expect(calls('POST', '/api/admin/bookings/b1/complete')).toHaveLength(1));
    expect(calls('POST', '/api/admin/bookings/b1/complete')[0].body).toEqual({ actualHours: 2.5 });
    expect(calls('POST', '/api/admin/bookings/b1/complete')[0].headers['Idempotency-Key']).toMatch(UUID);
    expect(await screen.findByText('TB-7K3M9Q is complete; $94.06 charged.')).toBeInTheDocument();
  });

  it('marks a no-show with an Idempotency-Key after saying the full total is charged', async () => {
    const booking = dispatchBooking({ status: 'confirmed', worker: { id: 'w1', name: 'Luis Ortega', phone: null } });
    const { calls } = renderDetail(bookingDetail({ booking }), {
      'POST /api/admin/bookings/b1/no-show': () => ({ body: { ...booking, status: 'no_show' } }),
    });

    const dialog = await openAction('Mark no-show', 'Mark as a no-show?');
    expect(dialog).toHaveTextContent('The full total of $48.38 is charged.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark no-show' }));

    expect(await screen.findByText('TB-7K3M9Q is marked as a no-show.')).toBeInTheDocument();
    const [sent] = calls('POST', '/api/admin/bookings/b1/no-show');
    expect(sent.headers['Idempotency-Key']).toMatch(UUID);
  });

  it('refunds with an amount, a reason and one Idempotency-Key per refund, showing the error and keeping the key on retry', async () => {
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

describe('a final amount waiting for the admin\'s approval', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const waiting = () => dispatchBooking(FINAL_AWAITING_APPROVAL);
  const approved = () =>
    dispatchBooking({
      ...FINAL_AWAITING_APPROVAL,
      status: 'completed',
      finalApproval: { status: 'approved', requestedAt: '2026-05-15T23:10:00.000Z' },
      payment: { status: 'captured', amountHeldCents: 15050, cardBrand: 'visa', cardLast4: '4242', testMode: true },
      money: { heldCents: 15050, capturedCents: 15050, extraChargedCents: 15050, refundedCents: 0, paidCents: 30100 },
      completedAt: '2026-05-15T23:30:00.000Z',
    });

  it('shows the final amount against the booking, its lines, and that nothing was charged yet', async () => {
    renderDetail(bookingDetail({ booking: waiting() }));

    const notice = await screen.findByRole('region', { name: 'Final amount waits for your approval' });
    expect(notice).toHaveTextContent('Its final amount is $301.00: $150.50 more than the $150.50 booked');
    const row = (label: string) => within(notice).getByText(label).closest('div') as HTMLElement;
    expect(row('Furniture assembly')).toHaveTextContent('8 × $35.00$280.00');
    expect(row('Tax')).toHaveTextContent('$21.00');
    expect(row('Final total')).toHaveTextContent('$301.00');
    expect(row('Booked as')).toHaveTextContent('$150.50');
    expect(row('Above the booking')).toHaveTextContent('+$150.50');
    expect(notice).toHaveTextContent('Nothing has been charged yet: the card still has a hold of $150.50.');
    expect(notice).toHaveTextContent('The customer was emailed the final amount and why');
    // The price and payment still show what was booked and held: nothing is final yet.
    const money = screen.getByRole('region', { name: 'Price and payment' });
    expect(money).not.toHaveTextContent('$301.00');
    expect(within(money).getByText('Paid').closest('div')).toHaveTextContent('$0.00');
    // The complete form stays available to change the actuals.
    expect(within(screen.getByRole('region', { name: 'Actions' })).getByRole('button', { name: 'Change the actuals' })).toBeInTheDocument();
  });

  it('approves and charges after a confirmation, with an Idempotency-Key, then shows the receipt', async () => {
    let detail = bookingDetail({ booking: waiting() });
    const { calls } = renderDetail(() => detail, {
      'POST /api/admin/bookings/b1/approve-final': () => {
        detail = bookingDetail({ booking: approved() });
        return { body: detail.booking };
      },
    });

    const notice = await screen.findByRole('region', { name: 'Final amount waits for your approval' });
    await userEvent.click(within(notice).getByRole('button', { name: 'Approve and charge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and charge $301.00?' });
    expect(dialog).toHaveAccessibleDescription('The final amount is charged to Visa •••• 4242 and the job is completed.');
    expect(calls('POST', '/api/admin/bookings/b1/approve-final')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and charge' }));

    expect(await screen.findByText('TB-7K3M9Q is complete; $301.00 charged.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [sent] = calls('POST', '/api/admin/bookings/b1/approve-final');
    expect(sent.headers['Idempotency-Key']).toMatch(UUID);
    expect(screen.queryByRole('region', { name: 'Final amount waits for your approval' })).not.toBeInTheDocument();
    const money = screen.getByRole('region', { name: 'Price and payment' });
    expect(within(money).getByText('Final total').closest('div')).toHaveTextContent('$301.00');
    expect(within(money).getByText('Paid').closest('div')).toHaveTextContent('$301.00');
    // The button that opened the dialog is gone: focus lands on the booking's heading.
    expect(screen.getByRole('heading', { name: 'TB-7K3M9Q' })).toHaveFocus();
  });

  it('sends the same Idempotency-Key when an approval without an answer is tried again', async () => {
    let attempts = 0;
    const { calls } = renderDetail(bookingDetail({ booking: waiting() }), {
      'POST /api/admin/bookings/b1/approve-final': () => {
        attempts += 1;
        return attempts === 1 ? { status: 502, body: { message: 'The bank did not answer. Please try again.', code: 'gateway_error' } } : { body: approved() };
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Approve and charge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and charge $301.00?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and charge' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The bank did not answer. Please try again.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and charge' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const keys = calls('POST', '/api/admin/bookings/b1/approve-final').map((call) => call.headers['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows the server\'s message when the amount was already handled (409), and refreshes the booking', async () => {
    let detail = bookingDetail({ booking: waiting() });
    const { calls } = renderDetail(() => detail, {
      'POST /api/admin/bookings/b1/approve-final': () => {
        detail = bookingDetail({ booking: approved() });
        return { status: 409, body: { message: 'There is no final amount waiting for approval on this booking.', code: 'no_final_approval_pending', details: { status: 'completed' } } };
      },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Approve and charge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve and charge $301.00?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve and charge' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('There is no final amount waiting for approval on this booking.');
    await waitFor(() => expect(calls('GET', '/api/admin/bookings/b1').length).toBeGreaterThan(1));
  });

  it('changes the actuals instead: hours up to the job\'s ceiling, the server\'s field message under the field, a new key for the new hours', async () => {
    const completed = approved();
    let attempts = 0;
    const { calls } = renderDetail(bookingDetail({ booking: waiting() }), {
      'POST /api/admin/bookings/b1/complete': () => {
        attempts += 1;
        return attempts === 1
          ? { status: 400, body: { message: 'Please check the highlighted fields.', code: 'validation_failed', details: { actualHours: 'At most 5 hours can be charged for this job.' } } }
          : { body: { ...completed, final: { ...completed.final!, totalCents: 18813 }, finalApproval: null } };
      },
    });

    const notice = await screen.findByRole('region', { name: 'Final amount waits for your approval' });
    await userEvent.click(within(notice).getByRole('button', { name: 'Change the actuals' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the actuals' });
    const hours = within(dialog).getByRole('combobox', { name: 'Hours worked' });
    // Booked for 4 hours: at most 8 can be charged.
    const choices = within(hours).getAllByRole('option');
    expect(choices).toHaveLength(15);
    expect(choices.at(-1)).toHaveTextContent('8 hours');
    expect(hours).toHaveAccessibleDescription(/Up to 8 hours for this job\./);

    await userEvent.selectOptions(hours, '6');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));
    expect(await within(dialog).findByText('At most 5 hours can be charged for this job.')).toBeInTheDocument();
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(hours).toHaveAccessibleDescription(/At most 5 hours can be charged for this job\./);

    await userEvent.selectOptions(hours, '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));
    expect(await screen.findByText('TB-7K3M9Q is complete; $188.13 charged.')).toBeInTheDocument();

    const sent = calls('POST', '/api/admin/bookings/b1/complete');
    expect(sent.map((call) => call.body)).toEqual([{ actualHours: 6 }, { actualHours: 5 }]);
    expect(sent[0].headers['Idempotency-Key']).toMatch(UUID);
    expect(sent[1].headers['Idempotency-Key']).toMatch(UUID);
    expect(sent[1].headers['Idempotency-Key']).not.toBe(sent[0].headers['Idempotency-Key']);
  });

  it('says when completing leaves a final amount waiting for approval', async () => {
    const booking = dispatchBooking({ ...FINAL_AWAITING_APPROVAL, final: null, finalApproval: null });
    let detail = bookingDetail({ booking });
    renderDetail(() => detail, {
      'POST /api/admin/bookings/b1/complete': () => {
        detail = bookingDetail({ booking: waiting() });
        return { body: detail.booking };
      },
    });

    const dialog = await openAction('Complete for the technician');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Hours worked' }), '8');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete and charge' }));

    expect(await screen.findByText('TB-7K3M9Q: the final amount of $301.00 waits for approval. Nothing was charged.')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Final amount waits for your approval' })).toBeInTheDocument();
  });
});
