// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/web/lib/i18n';
import { FINAL_AWAITING_APPROVAL } from '@/web/test/booking-view';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { Component as MyBookingsPage } from '../pages/my-bookings-page';
import { booking, ME, SETTINGS } from '../testing/bookings';

const REVIEW = 'Your final amount needs our review';

function showBookings(current: () => ReturnType<typeof booking>) {
  mockApi({ 'GET /api/me': { body: ME }, 'GET /api/settings/public': { body: SETTINGS }, 'GET /api/bookings': () => ({ body: { bookings: [current()] } }) });
  renderPage(<MyBookingsPage />, { path: '/my-bookings' });
}

describe('a final amount waiting for our review, in My Bookings', () => {
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('says the job is done, the final amount, how much above the booking and why, and that nothing above it was charged', async () => {
    showBookings(() => booking(FINAL_AWAITING_APPROVAL));

    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent("Job done. We're reviewing the final amount.");
    const review = within(card).getByRole('region', { name: REVIEW });
    expect(review).toHaveTextContent('Your job is done. Its final amount is $301.00, $150.50 more than the $150.50 you booked.');
    expect(review).toHaveTextContent('The job took 8 hours of work instead of the 4 hours estimated when you booked.');
    const row = (label: string) => within(review).getByText(label).closest('div') as HTMLElement;
    expect(row('Furniture assembly')).toHaveTextContent('8 × $35.00 per hour$280.00');
    expect(row('Final total')).toHaveTextContent('$301.00');
    expect(row('You booked')).toHaveTextContent('$150.50');
    expect(row('Above your booking')).toHaveTextContent('+$150.50');
    expect(review).toHaveTextContent('Nothing above your booking has been charged yet.');
    expect(review).toHaveTextContent('Our team reviews the amount first and will call you if anything is unclear. Once approved, it is charged to your Visa ending in 4242.');

    // The receipt still shows the booking and the hold: nothing final has been charged.
    const receipt = within(card).getByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByText('Total').closest('div')).toHaveTextContent('$150.50');
    expect(within(receipt).getByText('Paid in total').closest('div')).toHaveTextContent('$0.00');
    expect(receipt).not.toHaveTextContent('$301.00');
  });

  it('names paint bought at cost as the reason', async () => {
    showBookings(() =>
      booking({
        ...FINAL_AWAITING_APPROVAL,
        service: 'painting',
        options: { service: 'painting', rooms: 1, paintSupplier: 'company' },
        lineItems: [{ code: 'painting', unit: 'room', quantity: 1, unitPriceCents: 25000, amountCents: 25000, taxCents: 1875 }],
        subtotalCents: 25000,
        taxCents: 1875,
        totalCents: 26875,
        final: {
          lineItems: [
            { code: 'painting', unit: 'room', quantity: 1, unitPriceCents: 25000, amountCents: 25000, taxCents: 1875 },
            { code: 'paint', unit: 'receipt', quantity: 1, unitPriceCents: 18000, amountCents: 18000, taxCents: 1350 },
          ],
          subtotalCents: 43000,
          taxCents: 3225,
          totalCents: 46225,
        },
      }),
    );

    const review = await screen.findByRole('region', { name: REVIEW });
    expect(review).toHaveTextContent('$193.50 more than the $268.75 you booked');
    expect(review).toHaveTextContent('We bought the paint for you: $180.00, charged at cost from the store receipt.');
    expect(review).not.toHaveTextContent('hours of work');
  });

  it('reads in Spanish', async () => {
    showBookings(() => booking(FINAL_AWAITING_APPROVAL));
    await screen.findByRole('region', { name: REVIEW });
    await i18n.changeLanguage('es');

    const review = await screen.findByRole('region', { name: 'Su monto final necesita nuestra revisión' });
    expect(review).toHaveTextContent('El trabajo llevó 8 horas en lugar de las 4 horas estimadas al reservar.');
    expect(review).toHaveTextContent('Todavía no se ha cobrado nada por encima de su reserva.');
  });

  it('gives way to the final receipt once our team approves the amount', async () => {
    let current = booking(FINAL_AWAITING_APPROVAL);
    showBookings(() => current);
    await screen.findByRole('region', { name: REVIEW });
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));

    current = booking({
      ...FINAL_AWAITING_APPROVAL,
      status: 'completed',
      finalApproval: { status: 'approved', requestedAt: '2026-05-15T23:10:00.000Z' },
      payment: { status: 'captured', amountHeldCents: 15050, cardBrand: 'visa', cardLast4: '4242', testMode: true },
      money: { heldCents: 15050, capturedCents: 15050, extraChargedCents: 15050, refundedCents: 0, paidCents: 30100 },
    });
    FakeEventSource.latest().emitBooking({ bookingId: 'b1', type: 'completed', status: 'completed' });

    const receipt = await screen.findByRole('region', { name: 'Receipt – final amount' });
    expect(within(receipt).getByText('Paid in total').closest('div')).toHaveTextContent('$301.00');
    expect(screen.queryByRole('region', { name: REVIEW })).not.toBeInTheDocument();
  });
});
