/**
 * Completing a job and capturing its final amount (issue #3): the final price comes from the
 * domain (furniture's actual hours, paint at cost, plus tax, at the prices the booking was made
 * at); up to the hold is captured, anything above it is charged off-session to the saved card as
 * a second line on the receipt. An expired hold is recorded and the whole amount is charged
 * off-session instead. Gateway calls are keyed `booking:<id>:capture` / `:extra`.
 */
import { eq } from 'drizzle-orm';
import { canComplete } from '../../../domain/booking-status';
import { finalQuote, InvalidActualsError, type JobActuals } from '../../../domain/final-price';
import type { UnitPrices } from '../../../domain/pricing';
import { bookings } from '../../db/schema';
import { badRequest, ruleBroken } from '../../lib/errors';
import { HoldExpiredError } from '../../payments/gateway';
import { gatewayFailure } from '../payments/gateway-errors';
import { findPaymentByBooking, recordCaptured, recordExpired, recordExtraCharge, type Actor } from '../payments/payment-records';
import { lockBooking, moveBooking, noteBookingEvent, readBooking } from './booking-transitions';
import type { MoneyContext } from './cancellation.service';

/**
 * @param actor an admin completing on the worker's behalf, or the assigned worker (issue #4)
 * @throws AppError 400 (bad actuals), 422 not_completable, 402/503 from the gateway
 */
export async function completeBooking(ctx: MoneyContext & { unitPrices: UnitPrices }, bookingId: string, actuals: JobActuals, actor: Actor & { role: 'admin' | 'worker' }): Promise<void> {
  const booking = await readBooking(ctx.db, bookingId);
  if (booking.status === 'completed') return;
  if (!canComplete(booking.status, actor.role)) throw ruleBroken('not_completable', 'paymentErrors.notCompletable');

  let final;
  try {
    const bookedUnitPrice = booking.lineItems[0]!.unitPriceCents;
    final = finalQuote(booking.options, actuals, { ...ctx.unitPrices, [booking.options.service]: bookedUnitPrice }, booking.taxRateBps);
  } catch (error) {
    if (error instanceof InvalidActualsError) {
      const key = error.field === 'actualHours' ? 'paymentErrors.actualHoursInvalid' : 'paymentErrors.paintCostInvalid';
      throw badRequest('validation_failed', 'errors.validationFailed', { details: { [error.field]: key } });
    }
    throw error;
  }

  const payment = await findPaymentByBooking(ctx.db, booking.id);
  let capturedCents = 0;
  let expired = false;
  let extra: { reference: string; amountCents: number } | null = null;
  try {
    if (payment?.status === 'authorized' && payment.gatewayReference) {
      const amountCents = Math.min(final.totalCents, payment.amountHeldCents);
      try {
        capturedCents = (await ctx.gateway.capture({ reference: payment.gatewayReference, amountCents, idempotencyKey: `booking:${booking.id}:capture` })).capturedCents;
      } catch (error) {
        if (!(error instanceof HoldExpiredError)) throw error;
        expired = true;
      }
    }
    const rest = final.totalCents - capturedCents;
    if (rest > 0 && payment?.paymentMethodRef) {
      extra = await ctx.gateway.chargeOffSession({
        customerId: booking.customerId,
        paymentMethodId: payment.paymentMethodRef,
        amountCents: rest,
        idempotencyKey: `booking:${booking.id}:extra`,
        metadata: { booking_id: booking.id, reference: booking.reference, reason: 'final_amount_above_hold' },
      });
    }
  } catch (error) {
    throw gatewayFailure(error);
  }

  await ctx.db.transaction(async (tx) => {
    const current = await lockBooking(tx, bookingId);
    if (current.status === 'completed') return;
    if (payment && expired) await recordExpired(tx, payment);
    if (payment && capturedCents > 0) await recordCaptured(tx, payment, capturedCents, actor, { reason: 'final amount' });
    if (payment && extra) await recordExtraCharge(tx, payment, extra, actor, 'final amount above the hold');
    const changes = {
      finalLineItems: final.lineItems,
      finalSubtotalCents: final.subtotalCents,
      finalTaxCents: final.taxCents,
      finalTotalCents: final.totalCents,
      completedAt: ctx.now,
    };
    if (current.status !== 'in_progress') {
      // An admin completing on the worker's behalf: record the job as started first.
      await noteBookingEvent(tx, current.id, actor, { type: 'completed_on_behalf', note: `from ${current.status}` });
      await tx.update(bookings).set({ status: 'in_progress' }).where(eq(bookings.id, current.id));
      current.status = 'in_progress';
    }
    const moved = await moveBooking(tx, current, 'completed', actor, { type: 'completed', amountCents: final.totalCents }, changes);
    if (!moved) throw ruleBroken('not_completable', 'paymentErrors.notCompletable');
  });
}
