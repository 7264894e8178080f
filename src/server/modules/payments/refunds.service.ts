/**
 * Refunds (issue #3): an admin returns part or all of what a booking paid, with a reason.
 * Money comes back first from the hold's capture, then from the off-session extra charge.
 * Keyed by the admin's Idempotency-Key, so a retried request refunds once. Refunds reach the
 * card in 3-5 business days (spec section 4).
 */
import { summarizeLedger } from '../../../domain/ledger';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { paymentLedger } from '../../db/schema';
import { ruleBroken } from '../../lib/errors';
import type { PaymentGateway } from '../../payments/gateway';
import { gatewayFailure } from './gateway-errors';
import { findPaymentByBooking, recordRefund, type Actor } from './payment-records';

/**
 * @param amountCents positive integer cents, at most paid - refunded
 * @throws AppError 422 nothing_to_refund | refund_too_large, 402/503 from the gateway
 */
export async function refundBooking(
  ctx: { db: Database; gateway: PaymentGateway },
  bookingId: string,
  input: { amountCents: number; reason: string; idempotencyKey: string },
  actor: Actor,
): Promise<void> {
  const payment = await findPaymentByBooking(ctx.db, bookingId);
  const ledger = await ctx.db.select().from(paymentLedger).where(eq(paymentLedger.bookingId, bookingId));
  const money = summarizeLedger(ledger);
  if (!payment || money.paidCents <= 0) throw ruleBroken('nothing_to_refund', 'paymentErrors.nothingToRefund');

  // Split the refund across the two charges, the hold's capture first, by what the gateway says
  // each still has (captured - refunded).
  const references = [payment.amountCapturedCents > 0 ? payment.gatewayReference : null, payment.extraChargeReference].filter((r): r is string => Boolean(r));
  let sources: { reference: string; available: number }[];
  try {
    sources = (await Promise.all(references.map((r) => ctx.gateway.getPayment(r)))).map((p) => ({ reference: p.reference, available: p.capturedCents - p.refundedCents }));
  } catch (error) {
    throw gatewayFailure(error);
  }
  sources = sources.filter((s) => s.available > 0);
  const available = Math.min(money.paidCents, sources.reduce((sum, s) => sum + s.available, 0));
  if (input.amountCents > available) throw ruleBroken('refund_too_large', 'paymentErrors.refundTooLarge');

  let remaining = input.amountCents;
  for (const [index, source] of sources.entries()) {
    if (remaining <= 0) break;
    const amountCents = Math.min(remaining, source.available);
    let refund;
    try {
      refund = await ctx.gateway.refund({ reference: source.reference, amountCents, idempotencyKey: `booking:${bookingId}:refund:${input.idempotencyKey}:${index}`, reason: input.reason });
    } catch (error) {
      throw gatewayFailure(error);
    }
    await ctx.db.transaction(async (tx) => {
      const current = (await findPaymentByBooking(tx, bookingId))!;
      await recordRefund(tx, current, refund, actor, input.reason);
    });
    remaining -= amountCents;
  }
}
