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

  it('shows a completed job\'s final line items, then what was held, charged, charged above the hold, refunded and paid', async () => {
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
    expect(row('Held on your card')).toHaveTextContent('$75.25');
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
    expect(within(region).getByText('Paid in total').closest('div')).toHaveTextContent('$24.19');
  });

  it('reads in Spanish', async () => {
    showBookings(
      booking({
        status: 'cancelled',
        cancellation: { tier: 'free', feeCents: 0, cancelledAt: '2026-05-13T12:00:00.000Z' },
        canCancel: false,
        canReschedule: false,
      }),
    );
    await receipt();
    await i18n.changeLanguage('es');

    const region = await screen.findByRole('region', { name: 'Recibo' });
    expect(region).toHaveTextContent('Cancelada — sin cargo');
    expect(region).toHaveTextContent('Retenido en su tarjeta');
  });
});
