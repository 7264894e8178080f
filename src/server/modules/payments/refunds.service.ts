/**
 * Refunds (issues #3, #9): an admin returns part or all of what a booking paid, with a reason.
 * Money comes back first from the hold's capture, then from the off-session extra charge
 * (src/domain/ledger.ts splitRefund). It runs as a money operation (money-operations.ts): the
 * amount is checked under the booking's lock against the ledger, counting refunds still in
 * flight, so concurrent refunds never add up to more than was taken. Keyed by the admin's
 * Idempotency-Key (a retry replays the first answer). Refunds reach the card in 3-5 business
 * days (spec section 4).
 */
import { RefundTooLargeError, splitRefund } from '../../../domain/ledger';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { ruleBroken } from '../../lib/errors';
import type { PaymentGateway } from '../../payments/gateway';
import { operationActor, registerSettle, runMoneyOperation, type StepPlan } from './money-operations';
import { recordOutcomes } from './payment-records';
import type { Actor } from '../../lib/request-context';

interface RefundPayload {
  amountCents: number;
  reason: string;
}

/**
 * @param input.amountCents positive integer cents, at most paid - refunded - refunds in flight
 * @param input.requestKey the admin's Idempotency-Key, scoped to the admin
 * @throws AppError 422 nothing_to_refund | refund_too_large, 409 booking_busy, 402/422/503 from the gateway
 */
export async function refundBooking(
  ctx: { db: Database; gateway: PaymentGateway; now: Date; logger?: Logger },
  bookingId: string,
  input: { amountCents: number; reason: string; requestKey?: string | null },
  actor: Actor,
): Promise<void> {
  await runMoneyOperation(ctx, {
    bookingId,
    actor,
    requestKey: input.requestKey,
    plan: (_tx, { payment, money, inFlightRefundCents }) => {
      if (!payment || money.paidCents - inFlightRefundCents <= 0) throw ruleBroken('nothing_to_refund', 'paymentErrors.nothingToRefund');
      let split;
      try {
        split = splitRefund(money, inFlightRefundCents, input.amountCents);
      } catch (error) {
        if (error instanceof RefundTooLargeError) throw ruleBroken('refund_too_large', 'paymentErrors.refundTooLarge', { moneyParams: { available: error.availableCents } });
        throw error;
      }
      const steps: StepPlan[] = [];
      if (split.fromCaptureCents > 0 && payment.gatewayReference) steps.push({ kind: 'refund', reference: payment.gatewayReference, amountCents: split.fromCaptureCents, reason: input.reason });
      if (split.fromExtraChargeCents > 0 && payment.extraChargeReference) steps.push({ kind: 'refund', reference: payment.extraChargeReference, amountCents: split.fromExtraChargeCents, reason: input.reason });
      const payload: RefundPayload = { amountCents: input.amountCents, reason: input.reason };
      return { purpose: 'refund', steps, payload: { ...payload } };
    },
  });
}

registerSettle('refund', async (tx, { payment, operation, outcomes }) => {
  const payload = operation.payload as unknown as RefundPayload;
  if (payment) await recordOutcomes(tx, payment, outcomes, operationActor(operation), { reason: payload.reason });
});
