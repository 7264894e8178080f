/**
 * Cancelling a booking and marking a no-show (issue #3). The outcome comes from the pure policy
 * (src/domain/cancellation-policy.ts) with the booking's own policy, stored when it was made (issue
 * #12; the current settings for older bookings); the money moves as one money operation
 * (src/server/modules/payments/money-operations.ts, issue #9): under the booking's lock the state
 * and the fee are decided and the intent recorded; then a partial capture of the fee (the rest of
 * the hold is released), a void when no fee is owed, and an off-session charge for a fee with no
 * hold; then the ledger rows, the status and the event in one transaction. A repeated cancel of a
 * cancelled booking changes nothing; a cancel of a booking that has moved on (started,
 * completed, no-show) is a 409 with its current state.
 */
import type { CANCELLATION_EVENT_TIERS } from '../../../domain/booking-events';
import { canCancel } from '../../../domain/booking-status';
import { cancellationOutcome, type CancellationOutcome } from '../../../domain/cancellation-policy';
import type { MoneySummary } from '../../../domain/ledger';
import { operationActor, registerSettle, runMoneyOperation, type StepPlan } from '../payments/money-operations';
import { findPaymentByBooking, recordOutcomes, type PaymentRow } from '../payments/payment-records';
import type { Actor, MoneyContext } from '../../lib/request-context';
import { bookingPolicy } from '../settings/settings.service';
import { moveBooking, noteBookingEvent, stateConflict, type BookingRow } from './booking-transitions';

const heldOn = (payment: PaymentRow | null) => (payment?.status === 'authorized' ? payment.amountHeldCents : 0);

/** The outcome under the policy the booking was made under (the current one, `ctx.policy`, for bookings made before policies were stored). */
function outcomeFor(ctx: Pick<MoneyContext, 'now' | 'policy'>, booking: BookingRow, payment: PaymentRow | null, waiveFee: boolean): CancellationOutcome {
  const outcome = cancellationOutcome({
    start: booking.scheduledStart,
    bookedAt: booking.createdAt,
    cancelAt: ctx.now,
    totalCents: booking.totalCents,
    heldCents: heldOn(payment),
    policy: bookingPolicy(booking, ctx.policy),
  });
  return waiveFee ? { ...outcome, feeCents: 0, captureCents: 0, chargeCents: 0, releaseCents: heldOn(payment) } : outcome;
}

/** What cancelling now would cost. @throws AppError 409 not_cancellable (details.status) */
export async function previewCancellation(ctx: MoneyContext, booking: BookingRow, options: { waiveFee?: boolean } = {}): Promise<CancellationOutcome> {
  if (!canCancel(booking.status)) throw stateConflict('not_cancellable', 'paymentErrors.notCancellable', booking.status);
  return outcomeFor(ctx, booking, await findPaymentByBooking(ctx.db, booking.id), options.waiveFee ?? false);
}

/**
 * The gateway calls that make the booking's takings reach `owedCents`: what is still due after
 * what was already captured or charged (a retry after a declined extra charge owes only the
 * rest) is captured from a live hold, up to its amount, and the rest charged off-session; with
 * nothing due, a live hold is released. The charge step is kept (possibly at 0) after a capture so
 * that, if the hold has expired, the charge takes over the capture's amount. Cents.
 */
export function collectionSteps(booking: BookingRow, payment: PaymentRow | null, money: MoneySummary, owedCents: number, reason: string): StepPlan[] {
  const dueCents = Math.max(0, owedCents - money.capturedCents - money.extraChargedCents);
  const steps: StepPlan[] = [];
  const held = payment?.status === 'authorized' && payment.gatewayReference ? payment.gatewayReference : null;
  const captureCents = held ? Math.min(dueCents, payment!.amountHeldCents) : 0;
  if (held) steps.push(captureCents > 0 ? { kind: 'capture', reference: held, amountCents: captureCents } : { kind: 'void', reference: held, reason: 'requested_by_customer' });
  const chargeCents = dueCents - captureCents;
  if (payment?.paymentMethodRef && (chargeCents > 0 || captureCents > 0)) {
    steps.push({ kind: 'charge', customerId: booking.customerId, paymentMethodId: payment.paymentMethodRef, amountCents: chargeCents, metadata: { booking_id: booking.id, reference: booking.reference, reason } });
  }
  return steps;
}

interface CancelPayload {
  tier: (typeof CANCELLATION_EVENT_TIERS)[number];
  feeCents: number;
  /** The reason given, or defaultReason(tier) (the payment records' reason). */
  reason: string;
  at: string;
}

/** The reason recorded with the money when nobody gave one. */
const defaultReason = (tier: string) => `cancellation (${tier})`;

/**
 * Cancels a booking under the policy (or with the fee waived by an admin).
 * @param options.requestKey the caller's Idempotency-Key, scoped (its retry finishes the same operation)
 * @throws AppError 409 not_cancellable | booking_busy (details.status), 402 card_declined,
 *   503 payment_pending
 */
export async function cancelBooking(ctx: MoneyContext, bookingId: string, actor: Actor, options: { waiveFee?: boolean; reason?: string; requestKey?: string | null } = {}): Promise<void> {
  await runMoneyOperation(ctx, {
    bookingId,
    actor,
    requestKey: options.requestKey,
    plan: (_tx, { booking, payment, money }) => {
      if (booking.status === 'cancelled') return null;
      if (!canCancel(booking.status)) throw stateConflict('not_cancellable', 'paymentErrors.notCancellable', booking.status);
      const outcome = outcomeFor(ctx, booking, payment, options.waiveFee ?? false);
      const tier = options.waiveFee ? 'waived' : outcome.tier;
      const payload: CancelPayload = { tier, feeCents: outcome.feeCents, reason: options.reason ?? defaultReason(tier), at: ctx.now.toISOString() };
      return { purpose: 'cancel', steps: collectionSteps(booking, payment, money, outcome.feeCents, 'cancellation_fee'), payload: { ...payload } };
    },
  });
}

registerSettle('cancel', async (tx, { booking, payment, operation, outcomes, error }) => {
  const payload = operation.payload as unknown as CancelPayload;
  const actor = operationActor(operation);
  if (payment) await recordOutcomes(tx, payment, outcomes, actor, { fee: true, reason: payload.reason });
  if (error) return;
  const changes = { cancelledAt: new Date(payload.at), cancellationTier: payload.tier, cancellationFeeCents: payload.feeCents };
  // The event keeps the tier and fee as data, and the note only when a person gave a reason.
  const event = { type: 'cancelled', amountCents: payload.feeCents, data: { tier: payload.tier, feeCents: payload.feeCents }, note: payload.reason === defaultReason(payload.tier) ? null : payload.reason } as const;
  const moved = await moveBooking(tx, booking, 'cancelled', actor, event, changes);
  if (!moved) await noteBookingEvent(tx, booking.id, actor, { type: 'settle_conflict', data: { operation: 'cancel', status: booking.status } });
});

/**
 * The customer was not there: the full total is charged (spec section 4).
 * @throws AppError 409 not_cancellable | booking_busy when the booking is not active
 */
export async function markNoShow(ctx: MoneyContext, bookingId: string, actor: Actor, options: { requestKey?: string | null } = {}): Promise<void> {
  await runMoneyOperation(ctx, {
    bookingId,
    actor,
    requestKey: options.requestKey,
    plan: (_tx, { booking, payment, money }) => {
      if (booking.status === 'no_show') return null;
      if (!canCancel(booking.status)) throw stateConflict('not_cancellable', 'paymentErrors.notCancellable', booking.status);
      const payload: CancelPayload = { tier: 'no_show', feeCents: booking.totalCents, reason: 'no-show', at: ctx.now.toISOString() };
      return { purpose: 'no_show', steps: collectionSteps(booking, payment, money, booking.totalCents, 'no_show'), payload: { ...payload } };
    },
  });
}

registerSettle('no_show', async (tx, { booking, payment, operation, outcomes, error }) => {
  const payload = operation.payload as unknown as CancelPayload;
  const actor = operationActor(operation);
  if (payment) await recordOutcomes(tx, payment, outcomes, actor, { fee: true, reason: payload.reason });
  if (error) return;
  const changes = { cancelledAt: new Date(payload.at), cancellationTier: 'no_show', cancellationFeeCents: payload.feeCents };
  const moved = await moveBooking(tx, booking, 'no_show', actor, { type: 'no_show', amountCents: payload.feeCents, data: { tier: 'no_show', feeCents: payload.feeCents } }, changes);
  if (!moved) await noteBookingEvent(tx, booking.id, actor, { type: 'settle_conflict', data: { operation: 'no_show', status: booking.status } });
});
