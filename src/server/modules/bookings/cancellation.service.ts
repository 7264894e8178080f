/**
 * Cancelling a booking and marking a no-show (issue #3). The outcome comes from the pure policy
 * (src/domain/cancellation-policy.ts); the money moves through the gateway first (a partial
 * capture of the fee releases the rest of the hold; no fee voids the hold; a fee with no hold is
 * charged off-session), then one transaction records the ledger rows, the status and the event.
 * Every gateway call is keyed by the booking and the operation, so a retry never charges twice
 * and a repeated cancel returns the already-cancelled booking.
 */
import { canCancel } from '../../../domain/booking-status';
import { cancellationOutcome, type CancellationOutcome, type CancellationPolicy } from '../../../domain/cancellation-policy';
import type { Database } from '../../db/client';
import { ruleBroken } from '../../lib/errors';
import type { PaymentGateway } from '../../payments/gateway';
import { gatewayFailure } from '../payments/gateway-errors';
import { findPaymentByBooking, recordCaptured, recordExtraCharge, recordVoided, type Actor, type PaymentRow } from '../payments/payment-records';
import { lockBooking, moveBooking, readBooking, type BookingRow } from './booking-transitions';

export interface MoneyContext {
  db: Database;
  gateway: PaymentGateway;
  now: Date;
  policy: CancellationPolicy;
}

const heldOn = (payment: PaymentRow | null) => (payment?.status === 'authorized' ? payment.amountHeldCents : 0);

/** What cancelling now would cost. @throws AppError 422 not_cancellable */
export async function previewCancellation(ctx: MoneyContext, booking: BookingRow, options: { waiveFee?: boolean } = {}): Promise<CancellationOutcome> {
  if (!canCancel(booking.status)) throw ruleBroken('not_cancellable', 'paymentErrors.notCancellable');
  const payment = await findPaymentByBooking(ctx.db, booking.id);
  const outcome = cancellationOutcome({
    start: booking.scheduledStart,
    bookedAt: booking.createdAt,
    cancelAt: ctx.now,
    totalCents: booking.totalCents,
    heldCents: heldOn(payment),
    policy: ctx.policy,
  });
  if (!options.waiveFee) return outcome;
  return { ...outcome, feeCents: 0, captureCents: 0, chargeCents: 0, releaseCents: heldOn(payment) };
}

/**
 * Takes what a cancellation fee or no-show charge requires: a partial capture from the hold and
 * an off-session charge for any rest; a void when nothing is owed.
 */
async function collect(ctx: MoneyContext, booking: BookingRow, payment: PaymentRow | null, captureCents: number, chargeCents: number) {
  const { gateway } = ctx;
  let charge: { reference: string; amountCents: number } | null = null;
  try {
    if (payment?.status === 'authorized' && payment.gatewayReference) {
      if (captureCents > 0) await gateway.capture({ reference: payment.gatewayReference, amountCents: captureCents, idempotencyKey: `booking:${booking.id}:capture` });
      else await gateway.voidHold({ reference: payment.gatewayReference, idempotencyKey: `booking:${booking.id}:void`, reason: 'requested_by_customer' });
    }
    if (chargeCents > 0 && payment?.paymentMethodRef) {
      charge = await gateway.chargeOffSession({
        customerId: booking.customerId,
        paymentMethodId: payment.paymentMethodRef,
        amountCents: chargeCents,
        idempotencyKey: `booking:${booking.id}:extra`,
        metadata: { booking_id: booking.id, reference: booking.reference, reason: 'cancellation_fee' },
      });
    }
  } catch (error) {
    throw gatewayFailure(error);
  }
  return charge;
}

/**
 * Cancels a booking under the policy (or with the fee waived by an admin).
 * @returns the booking id; cancelling an already-cancelled booking changes nothing
 * @throws AppError 422 not_cancellable, 402 card_declined, 503 gateway_unavailable
 */
export async function cancelBooking(ctx: MoneyContext, bookingId: string, actor: Actor, options: { waiveFee?: boolean; reason?: string } = {}): Promise<void> {
  const booking = await readBooking(ctx.db, bookingId);
  if (booking.status === 'cancelled') return;
  const outcome = await previewCancellation(ctx, booking, options);
  const payment = await findPaymentByBooking(ctx.db, booking.id);
  const charge = await collect(ctx, booking, payment, outcome.captureCents, outcome.chargeCents);

  await ctx.db.transaction(async (tx) => {
    const current = await lockBooking(tx, bookingId);
    if (current.status === 'cancelled') return;
    const tier = options.waiveFee ? 'waived' : outcome.tier;
    const reason = options.reason ?? `cancellation (${tier})`;
    if (payment?.status === 'authorized') {
      if (outcome.captureCents > 0) await recordCaptured(tx, payment, outcome.captureCents, actor, { fee: true, reason });
      else await recordVoided(tx, payment, actor, reason);
    }
    if (charge && payment) await recordExtraCharge(tx, payment, charge, actor, reason);
    const moved = await moveBooking(tx, current, 'cancelled', actor, { type: 'cancelled', amountCents: outcome.feeCents, note: reason }, {
      cancelledAt: ctx.now,
      cancellationTier: tier,
      cancellationFeeCents: outcome.feeCents,
    });
    if (!moved) throw ruleBroken('not_cancellable', 'paymentErrors.notCancellable');
  });
}

/**
 * The customer was not there: the full total is charged (spec section 4).
 * @throws AppError 422 not_cancellable when the booking is not active
 */
export async function markNoShow(ctx: MoneyContext, bookingId: string, actor: Actor): Promise<void> {
  const booking = await readBooking(ctx.db, bookingId);
  if (booking.status === 'no_show') return;
  if (!canCancel(booking.status)) throw ruleBroken('not_cancellable', 'paymentErrors.notCancellable');
  const payment = await findPaymentByBooking(ctx.db, booking.id);
  const captureCents = Math.min(booking.totalCents, heldOn(payment));
  const charge = await collect(ctx, booking, payment, captureCents, booking.totalCents - captureCents);

  await ctx.db.transaction(async (tx) => {
    const current = await lockBooking(tx, bookingId);
    if (current.status === 'no_show') return;
    if (payment?.status === 'authorized' && captureCents > 0) await recordCaptured(tx, payment, captureCents, actor, { fee: true, reason: 'no-show' });
    if (charge && payment) await recordExtraCharge(tx, payment, charge, actor, 'no-show');
    const moved = await moveBooking(tx, current, 'no_show', actor, { type: 'no_show', amountCents: booking.totalCents }, {
      cancelledAt: ctx.now,
      cancellationTier: 'no_show',
      cancellationFeeCents: booking.totalCents,
    });
    if (!moved) throw ruleBroken('not_cancellable', 'paymentErrors.notCancellable');
  });
}
