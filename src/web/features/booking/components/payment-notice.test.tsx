// @vitest-environment jsdom
/**
 * Issue #14, defect 1: the Payment, Review and Confirmation steps tell the same truth about when
 * the card is held (paymentTimingNotice): a job more than 5 days out saves the card now and holds
 * about 24 hours before; a same-week job holds the amount now.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteBooking, type UnitPrices } from '@/domain/pricing';
import type { BookingOptions } from '@/domain/booking-options';
import { installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage } from '@/web/test/render-route';
import { newDraft } from '../hooks/use-booking-draft';
import { fakeApi, placedBooking, renderWithProviders, TEST_SETTINGS } from '../testing/render';
import { ConfirmationStep } from './confirmation-step';
import { PaymentStep } from './payment-step';
import { ReviewStep } from './review-step';

const NOW = new Date('2026-05-08T14:00:00Z'); // Friday 10:00 AM Tampa
const FAR = '2026-05-15T18:00:00.000Z'; // a week later, 2:00 PM
const NEAR = '2026-05-10T18:00:00.000Z'; // two days later
const FAR_TEXT = "Your card is saved now; we place the hold of $48.38 about 24 hours before the job (around Thursday, May 14, 2026";
const NEAR_TEXT = "We place a hold of $48.38 on your card now; you're charged only after the job is done.";

const options: BookingOptions = { service: 'tv-installation', screenSize: '56_65', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };
const prices = Object.fromEntries(TEST_SETTINGS.services.map((s) => [s.slug, s.unitPriceCents])) as UnitPrices;
const quote = quoteBooking(options, prices, TEST_SETTINGS.taxRateBps);
const noop = () => {};

function payment(startAt: string) {
  fakeApi({});
  renderWithProviders(
    <PaymentStep settings={TEST_SETTINGS} settingsError={false} holdCents={quote.totalCents} startAt={startAt} now={NOW} savedCard={null} onCardSaved={noop} onForgetCard={noop} onContinue={noop} onBack={noop} />,
  );
}

function review(startAt: string) {
  fakeApi({ 'GET /api/settings/public': () => ({ body: TEST_SETTINGS }) });
  const draft = { ...newDraft('tv-installation'), startAt, paymentMethod: { id: 'pm_1', brand: 'visa', last4: '4242' } };
  renderWithProviders(<ReviewStep draft={draft} options={options} quote={quote} busy={false} now={NOW} onEdit={noop} onConfirm={noop} onBack={noop} />);
}

describe('the payment notice in the booking flow', () => {
  it('Payment step: a job a week out saves the card and holds about 24 hours before; a same-week job holds now', () => {
    expect(quote.totalCents).toBe(4838);
    payment(FAR);
    expect(screen.getByText((text) => text.startsWith(FAR_TEXT))).toBeInTheDocument();
    expect(screen.queryByText(NEAR_TEXT)).not.toBeInTheDocument();
  });

  it('Payment step: same week', () => {
    payment(NEAR);
    expect(screen.getByText(NEAR_TEXT)).toBeInTheDocument();
  });

  it('Review step says the same as the Payment step', () => {
    review(FAR);
    expect(screen.getByText((text) => text.startsWith(FAR_TEXT))).toBeInTheDocument();
  });

  it('Review step: same week', () => {
    review(NEAR);
    expect(screen.getByText(NEAR_TEXT)).toBeInTheDocument();
  });

  it('Confirmation of a far-future booking: the total and "card saved", never "$0.00 held"', () => {
    installFakeEventSource();
    const booking = placedBooking({
      scheduledStart: FAR,
      createdAt: NOW.toISOString(),
      payment: { status: 'card_saved', amountHeldCents: 0, cardBrand: 'visa', cardLast4: '4242', testMode: true },
      money: { heldCents: 0, capturedCents: 0, extraChargedCents: 0, refundedCents: 0, paidCents: 0 },
    });
    mockApi({ 'GET /api/me': { body: { user: { id: 'u1', email: 'a@example.com', name: 'Ana' }, profile: null, role: 'user' } } });
    renderPage(<ConfirmationStep booking={booking} />);
    expect(screen.getByText((text) => text.startsWith(FAR_TEXT))).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('$0.00');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('$48.38');
  });

  it('Confirmation of a same-week booking: the amount held now', () => {
    installFakeEventSource();
    const booking = placedBooking({ scheduledStart: NEAR, createdAt: NOW.toISOString() });
    mockApi({ 'GET /api/me': { body: { user: { id: 'u1', email: 'a@example.com', name: 'Ana' }, profile: null, role: 'user' } } });
    renderPage(<ConfirmationStep booking={booking} />);
    expect(screen.getByText("$48.38 held on your card, not charged yet – you're charged only after the job is done.")).toBeInTheDocument();
  });
});
