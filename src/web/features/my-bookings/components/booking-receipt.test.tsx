// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/web/lib/i18n';
import { mockApi, renderPage } from '@/web/test/render-route';
import { Component as MyBookingsPage } from '../pages/my-bookings-page';
import { booking, ME, SETTINGS } from '../testing/bookings';

function showBookings(...bookings: ReturnType<typeof booking>[]) {
  mockApi({ 'GET /api/me': { body: ME }, 'GET /api/settings/public': { body: SETTINGS }, 'GET /api/bookings': { body: { bookings } } });
  renderPage(<MyBookingsPage />, { path: '/my-bookings' });
}

const receipt = async () => screen.findByRole('region', { name: /Receipt/ });

describe('the receipt in My Bookings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('shows a completed job\'s final line items, then what was charged, charged above the hold, refunded and paid, and no hold any more', async () => {
    showBookings(
      booking({
        service: 'furniture-assembly',
        status: 'completed',
        lineItems: [{ code: 'furniture_assembly', unit: 'hour', quantity: 2, unitPriceCents: 3500, amountCents: 7000, taxCents: 525 }],
        subtotalCents: 7000,
        taxCents: 525,
        totalCents: 7525,
        final: {
          lineItems: [{ code: 'furniture_assembly', unit: 'hour', quantity: 2.5, unitPriceCents: 3500, amountCents: 8750, taxCents: 656 }],
          subtotalCents: 8750,
          taxCents: 656,
          totalCents: 9406,
        },
        payment: { status: 'partially_refunded', amountHeldCents: 7525, cardBrand: 'visa', cardLast4: '4242', testMode: true },
        money: { heldCents: 7525, capturedCents: 7525, extraChargedCents: 1881, refundedCents: 1000, paidCents: 8406 },
        canCancel: false,
        canReschedule: false,
      }),
    );

    const region = await receipt();
    expect(within(region).getByRole('heading', { name: 'Receipt – final amount' })).toBeInTheDocument();
    const row = (label: string) => within(region).getByText(label).closest('div') as HTMLElement;
    expect(row('Furniture assembly')).toHaveTextContent('2.5 × $35.00 per hour$87.50');
    expect(row('Subtotal')).toHaveTextContent('$87.50');
    expect(row('Tax')).toHaveTextContent('$6.56');
    expect(row('Total')).toHaveTextContent('$94.06');
    expect(region).toHaveTextContent('Estimated when you booked: $75.25');
    // Issue #14, defect 8: once captured, the hold is history; the receipt says what happened.
    expect(within(region).queryByText('Held on your card')).not.toBeInTheDocument();
    expect(region).toHaveTextContent('Charged to your card: $94.06; $10.00 of it was refunded.');
    expect(row('Charged')).toHaveTextContent('$75.25');
    expect(row('Charged separately (above the hold)')).toHaveTextContent('$18.81');
    expect(row('Refunded')).toHaveTextContent('−$10.00');
    expect(row('Paid in total')).toHaveTextContent('$84.06');
    expect(region).toHaveTextContent('Visa ending in 4242');
    // Nothing left to do on a finished job.
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
  });

  it('lists paint bought for the customer at cost', async () => {
    showBookings(
      booking({
        service: 'painting',
        status: 'completed',
        final: {
          lineItems: [
            { code: 'painting', unit: 'room', quantity: 1, unitPriceCents: 25000, amountCents: 25000, taxCents: 1875 },
            { code: 'paint', unit: 'receipt', quantity: 1, unitPriceCents: 6399, amountCents: 6399, taxCents: 480 },
          ],
          subtotalCents: 31399,
          taxCents: 2355,
          totalCents: 33754,
        },
        canCancel: false,
        canReschedule: false,
      }),
    );

    const region = await receipt();
    const paint = within(region).getByText('Paint (bought for you)').closest('div') as HTMLElement;
    expect(paint).toHaveTextContent('At cost, from the store receipt, no markup$63.99');
  });

  it('says "no charge" for a free cancellation', async () => {
    showBookings(
      booking({
        status: 'cancelled',
        payment: { status: 'voided', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true },
        cancellation: { tier: 'free', feeCents: 0, cancelledAt: '2026-05-13T12:00:00.000Z' },
        canCancel: false,
        canReschedule: false,
      }),
    );

    const region = await receipt();
    expect(region).toHaveTextContent('Cancelled — no charge');
    expect(region).toHaveTextContent('Cancelled 24 or more hours before the appointment');
    expect(region).toHaveTextContent('Hold released – you were not charged');
    expect(within(region).queryByText('Held on your card')).not.toBeInTheDocument();
    expect(within(region).getByText('Paid in total').closest('div')).toHaveTextContent('$0.00');
  });

  it('shows the fee and the tier of a late cancellation', async () => {
    showBookings(
      booking({
        status: 'cancelled',
        payment: { status: 'captured', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true },
        money: { heldCents: 4838, capturedCents: 2419, extraChargedCents: 0, refundedCents: 0, paidCents: 2419 },
        cancellation: { tier: 'half', feeCents: 2419, cancelledAt: '2026-05-15T00:00:00.000Z' },
        canCancel: false,
        canReschedule: false,
      }),
    );

    const region = await receipt();
    expect(region).toHaveTextContent('Cancellation fee $24.19');
    expect(region).toHaveTextContent('Cancelled 12 to 24 hours before the appointment (50% fee)');
    expect(region).not.toHaveTextContent('no charge');
    expect(region).toHaveTextContent('Charged to your card: $24.19.');
    expect(within(region).queryByText('Held on your card')).not.toBeInTheDocument();
    expect(within(region).getByText('Paid in total').closest('div')).toHaveTextContent('$24.19');
  });

  it('links a completed job to its PDF receipt in the reader\'s language; a booking not done has no link', async () => {
    showBookings(
      booking({ id: '11111111-1111-4111-8111-111111111111', status: 'completed', canCancel: false, canReschedule: false, payment: { status: 'captured', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true }, money: { heldCents: 4838, capturedCents: 4838, extraChargedCents: 0, refundedCents: 0, paidCents: 4838 } }),
      booking({ id: '22222222-2222-4222-8222-222222222222', reference: 'TB-PENDING' }),
    );
    const link = await screen.findByRole('link', { name: /Download receipt \(PDF\)/ });
    expect(link).toHaveAttribute('href', '/api/bookings/11111111-1111-4111-8111-111111111111/receipt.pdf?lang=en');
    expect(link).toHaveAttribute('download');
    expect(screen.getAllByRole('link', { name: /Download receipt/ })).toHaveLength(1);
  });

  it('shows the hold while it is live', async () => {
    showBookings(booking({ payment: { status: 'authorized', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true } }));
    const region = await receipt();
    expect(within(region).getByText('Held on your card').closest('div')).toHaveTextContent('$48.38');
    expect(region).toHaveTextContent("$48.38 held on your card, not charged yet – you're charged only after the job is done.");
  });

  it('a booking more than 5 days out says the card is saved and the hold comes about 24 hours before, with the total', async () => {
    showBookings(
      booking({
        createdAt: '2026-05-08T12:00:00.000Z',
        scheduledStart: '2026-05-15T18:30:00.000Z',
        payment: { status: 'card_saved', amountHeldCents: 0, cardBrand: 'visa', cardLast4: '4242', testMode: true },
        money: { heldCents: 0, capturedCents: 0, extraChargedCents: 0, refundedCents: 0, paidCents: 0 },
      }),
    );
    const region = await receipt();
    expect(region).toHaveTextContent('Your card is saved now; we place the hold of $48.38 about 24 hours before the job (around Thursday, May 14, 2026');
    expect(region).not.toHaveTextContent('$0.00 held');
    expect(within(region).queryByText('Held on your card')).not.toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    showBookings(
      booking({
        status: 'cancelled',
        payment: { status: 'voided', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true },
        cancellation: { tier: 'free', feeCents: 0, cancelledAt: '2026-05-13T12:00:00.000Z' },
        canCancel: false,
        canReschedule: false,
      }),
    );
    await receipt();
    await i18n.changeLanguage('es');

    const region = await screen.findByRole('region', { name: 'Recibo' });
    expect(region).toHaveTextContent('Cancelada — sin cargo');
    expect(region).toHaveTextContent('Retención liberada – no se le cobró.');
    expect(region).not.toHaveTextContent('Retenido en su tarjeta');
  });
});
