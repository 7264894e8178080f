/**
 * Stripe webhooks (docs.stripe.com/webhooks): verifies an event's signature, then keeps our
 * payment records in step with what Stripe says happened — also when our own call timed out
 * and we never saw its answer. Every change goes through payment-records.ts, whose ledger keys
 * make "our call and then the webhook" count once.
 *
 * Idempotent by event id: the gateway_events row and the record-keeping are written in one
 * transaction, so an event is applied once however often Stripe delivers it. An event about a
 * payment we do not know (e.g. a hold whose booking was never written) or that changes nothing
 * answers "ignored" and writes nothing. Reads from Stripe (a hold's `capture_before`, a charge's
 * refunds) happen before the transaction, never inside it.
 *
 * Handled: payment_intent.amount_capturable_updated (a deferred hold was authorized),
 * payment_intent.succeeded (the hold was captured, or an off-session extra charge went
 * through), payment_intent.canceled (voided, or expired when Stripe canceled it itself),
 * payment_intent.payment_failed (a deferred hold was declined), charge.refunded (money went back
 * to the card) and setup_intent.succeeded (a card was saved for a booking).
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database, Transaction } from '../../db/client';
import { bookings, gatewayEvents, payments } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import type { GatewayPayment } from '../../payments/gateway';
import { lockBooking } from '../bookings/booking-transitions';
import { isExpiry, type GatewayRefund } from '../../payments/stripe-gateway';
import {
  findPaymentByBooking,
  findPaymentByReference,
  recordCaptured,
  recordExpired,
  recordExtraCharge,
  recordHoldFailed,
  recordHoldPlaced,
  recordRefund,
  recordVoided,
  type PaymentRow,
} from './payment-records';
import { SYSTEM_ACTOR } from '../../lib/request-context';

/** The reads a webhook needs from Stripe beyond the event (StripeGateway provides them). */
export interface WebhookGatewayReads {
  getPayment(reference: string): Promise<GatewayPayment>;
  listRefunds(paymentReference: string): Promise<GatewayRefund[]>;
}

export interface WebhookContext {
  db: Database;
  gateway: WebhookGatewayReads;
  logger: Logger;
}

/** `applied`: our records were updated; `duplicate`: this event id was applied before; `ignored`: nothing to do. */
export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * Checks the `Stripe-Signature` header against the exact request bytes with the endpoint's
 * signing secret (`whsec_…`), within Stripe's default 5-minute tolerance, and parses the event.
 * @throws WebhookSignatureError for a missing or wrong signature, an old timestamp or a body
 *   that is not an event
 */
export function verifyStripeEvent(payload: Buffer | string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new WebhookSignatureError('missing Stripe-Signature header');
  try {
    return Stripe.webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid webhook payload');
  }
}

/**
 * Applies one verified event to our records.
 * @throws GatewayUnavailableError when Stripe cannot be read (the endpoint answers 500 and
 *   Stripe delivers the event again later)
 */
export async function handleStripeEvent(ctx: WebhookContext, event: Stripe.Event): Promise<WebhookOutcome> {
  if (await wasApplied(ctx.db, event.id)) return 'duplicate';
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
      return onHoldAuthorized(ctx, event, event.data.object);
    case 'payment_intent.succeeded':
      return onPaymentSucceeded(ctx, event, event.data.object);
    case 'payment_intent.canceled':
      return onPaymentCanceled(ctx, event, event.data.object);
    case 'payment_intent.payment_failed':
      return onPaymentFailed(ctx, event, event.data.object);
    case 'charge.refunded':
      return onChargeRefunded(ctx, event, event.data.object);
    case 'setup_intent.succeeded':
      return onCardSaved(ctx, event, event.data.object);
    default:
      return 'ignored';
  }
}

type Change = (tx: Transaction) => Promise<unknown>;

async function wasApplied(db: Database | Transaction, eventId: string): Promise<boolean> {
  const [seen] = await db.select({ eventId: gatewayEvents.eventId }).from(gatewayEvents).where(eq(gatewayEvents.eventId, eventId));
  return seen !== undefined;
}

/** Thrown inside the transaction to undo the event row when the event changes nothing. */
class NothingToApply extends Error {}

/**
 * In one transaction: records the event id (a concurrent delivery of the same event waits on
 * it, then finds it taken), finds the booking's payment, locks the booking's row (the lock every
 * money change takes), asks `decide` what to change, and makes the change. When there is no payment or no change, the transaction is rolled back: nothing
 * is written, not even the event id.
 */
async function applyOnce(ctx: WebhookContext, event: Stripe.Event, lookup: { reference: string | null; metadata: Record<string, string> }, decide: (payment: PaymentRow) => Change | null): Promise<WebhookOutcome> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const inserted = await tx.insert(gatewayEvents).values({ eventId: event.id, gateway: 'stripe', type: event.type }).onConflictDoNothing().returning({ eventId: gatewayEvents.eventId });
      if (inserted.length === 0) return 'duplicate';
      const found = await resolvePayment(tx, lookup.reference, lookup.metadata);
      // One writer per booking (issue #9): the booking's row lock, then its payment as it is now.
      if (found) await lockBooking(tx, found.bookingId);
      const payment = found ? await findPaymentByBooking(tx, found.bookingId) : null;
      const change = payment ? decide(payment) : null;
      if (!change) throw new NothingToApply();
      await change(tx);
      return 'applied';
    });
  } catch (error) {
    if (error instanceof NothingToApply) return 'ignored';
    throw error;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The payment a Stripe object belongs to: by its PaymentIntent id (the hold or the extra
 * charge), else by the metadata we sent (`booking_id`, or the booking `reference`), provided
 * its `customer_id`, when present, is the booking's customer.
 */
async function resolvePayment(tx: Database | Transaction, reference: string | null, metadata: Record<string, string>): Promise<PaymentRow | null> {
  if (reference) {
    const payment = await findPaymentByReference(tx, reference);
    if (payment) return payment;
  }
  const byId = metadata.booking_id && UUID.test(metadata.booking_id) ? eq(bookings.id, metadata.booking_id) : null;
  const where = byId ?? (metadata.reference ? eq(bookings.reference, metadata.reference) : null);
  if (!where) return null;
  const [booking] = await tx.select({ id: bookings.id, customerId: bookings.customerId }).from(bookings).where(where);
  if (!booking || (metadata.customer_id && metadata.customer_id !== booking.customerId)) return null;
  return findPaymentByBooking(tx, booking.id);
}

const idOf = (value: string | { id: string } | null): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/** A deferred hold placed off-session was authorized, and we may not have recorded it. */
async function onHoldAuthorized(ctx: WebhookContext, event: Stripe.Event, intent: Stripe.PaymentIntent): Promise<WebhookOutcome> {
  if (intent.capture_method !== 'manual' || intent.status !== 'requires_capture') return 'ignored';
  const awaitsHold = (payment: PaymentRow | null) => payment?.status === 'card_saved' && payment.gatewayReference === null;
  // Ask Stripe only about a hold we may be missing. The event's latest_charge is not expanded,
  // and capture_before lives on the charge.
  if (!awaitsHold(await resolvePayment(ctx.db, intent.id, intent.metadata))) return 'ignored';
  const { captureBefore } = await ctx.gateway.getPayment(intent.id);
  return applyOnce(ctx, event, { reference: intent.id, metadata: intent.metadata }, (payment) => {
    if (!awaitsHold(payment)) return null;
    const hold = { reference: intent.id, amountCents: intent.amount_capturable, captureBefore, paymentMethodId: idOf(intent.payment_method) ?? undefined };
    return (tx) => recordHoldPlaced(tx, payment, hold, SYSTEM_ACTOR);
  });
}

/** The hold was captured (manual capture), or an off-session extra charge succeeded. */
async function onPaymentSucceeded(ctx: WebhookContext, event: Stripe.Event, intent: Stripe.PaymentIntent): Promise<WebhookOutcome> {
  return applyOnce(ctx, event, { reference: intent.id, metadata: intent.metadata }, (payment) => {
    if (intent.capture_method === 'manual') {
      if (payment.gatewayReference !== intent.id || payment.status !== 'authorized') return null;
      return (tx) => recordCaptured(tx, payment, intent.amount_received, SYSTEM_ACTOR);
    }
    if (payment.gatewayReference === intent.id || payment.extraChargeReference !== null) return null;
    return (tx) => recordExtraCharge(tx, payment, { reference: intent.id, amountCents: intent.amount_received }, SYSTEM_ACTOR);
  });
}

/** The hold was voided, or lapsed (Stripe cancels an expired authorization itself). */
async function onPaymentCanceled(ctx: WebhookContext, event: Stripe.Event, intent: Stripe.PaymentIntent): Promise<WebhookOutcome> {
  return applyOnce(ctx, event, { reference: intent.id, metadata: intent.metadata }, (payment) => {
    if (payment.gatewayReference !== intent.id || payment.status !== 'authorized') return null;
    if (isExpiry(intent.cancellation_reason)) return (tx) => recordExpired(tx, payment);
    return (tx) => recordVoided(tx, payment, SYSTEM_ACTOR);
  });
}

/** A deferred hold was declined: the booking's grace period starts (payment-jobs.ts). */
async function onPaymentFailed(ctx: WebhookContext, event: Stripe.Event, intent: Stripe.PaymentIntent): Promise<WebhookOutcome> {
  if (intent.capture_method !== 'manual') {
    ctx.logger.warn({ reference: intent.id, error: intent.last_payment_error?.message }, 'stripe webhook: an off-session charge failed');
    return 'ignored';
  }
  return applyOnce(ctx, event, { reference: intent.id, metadata: intent.metadata }, (payment) => {
    if (payment.status !== 'card_saved' || payment.holdFailedAt !== null) return null;
    return (tx) => recordHoldFailed(tx, payment, new Date(event.created * 1000));
  });
}

/**
 * The refunds of a charge that returned money to the card, oldest first. Stripe also reports
 * the release of an uncaptured remainder (a partial capture) as a refund of it: the charge's
 * `amount_refunded` counts it, and it may appear as a Refund object. Money refunded is
 * `amount_refunded - (amount - amount_captured)`; when the listed refunds add up to more, the
 * surplus is the release — the one refund without our reason of exactly that amount.
 */
export function moneyRefunds(charge: Pick<Stripe.Charge, 'amount' | 'amount_captured' | 'amount_refunded' | 'captured'>, refunds: GatewayRefund[]): GatewayRefund[] {
  if (!charge.captured) return [];
  const live = refunds.filter((r) => r.status === 'succeeded' || r.status === 'pending').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const money = charge.amount_refunded - (charge.amount - charge.amount_captured);
  const surplus = live.reduce((sum, r) => sum + r.amountCents, 0) - money;
  if (surplus <= 0) return live;
  const release = live.find((r) => r.reason === null && r.amountCents === surplus);
  return live.filter((r) => r !== release);
}

/**
 * Money went back to the card (our refund, or one made in the Dashboard). Each refund is
 * recorded under its own id; a capture or extra charge we had not recorded yet is recorded first.
 */
async function onChargeRefunded(ctx: WebhookContext, event: Stripe.Event, charge: Stripe.Charge): Promise<WebhookOutcome> {
  const intentId = idOf(charge.payment_intent);
  if (!intentId || !charge.captured) return 'ignored';
  if (!(await resolvePayment(ctx.db, intentId, charge.metadata))) return 'ignored';
  const refunds = moneyRefunds(charge, await ctx.gateway.listRefunds(intentId));
  if (refunds.length === 0) return 'ignored';
  return applyOnce(ctx, event, { reference: intentId, metadata: charge.metadata }, (payment) => {
    const isHold = payment.gatewayReference === intentId;
    const isExtra = payment.extraChargeReference === intentId || (!isHold && payment.extraChargeReference === null && payment.gatewayReference !== null);
    if (!isHold && !isExtra) return null;
    return async (tx) => {
      if (isHold && payment.status === 'authorized') await recordCaptured(tx, payment, charge.amount_captured, SYSTEM_ACTOR);
      if (isExtra && payment.extraChargeReference === null) await recordExtraCharge(tx, payment, { reference: intentId, amountCents: charge.amount_captured }, SYSTEM_ACTOR);
      for (const refund of refunds) await recordRefund(tx, payment, refund, SYSTEM_ACTOR, refund.reason ?? undefined);
    };
  });
}

/**
 * A card was saved for a booking that waits for its deferred hold (SetupIntent metadata names
 * the booking). A different card than the one on file replaces it and clears a failed hold, so
 * the payment jobs place the hold on the new card. Not a money movement, so no ledger row.
 */
async function onCardSaved(ctx: WebhookContext, event: Stripe.Event, intent: Stripe.SetupIntent): Promise<WebhookOutcome> {
  const paymentMethod = idOf(intent.payment_method);
  if (!paymentMethod) return 'ignored';
  return applyOnce(ctx, event, { reference: null, metadata: intent.metadata ?? {} }, (payment) => {
    if (payment.status !== 'card_saved' || payment.paymentMethodRef === paymentMethod) return null;
    return (tx) => tx.update(payments).set({ paymentMethodRef: paymentMethod, holdFailedAt: null }).where(eq(payments.id, payment.id));
  });
}
