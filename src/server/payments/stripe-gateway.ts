/**
 * The Stripe gateway: the PaymentGateway seam (gateway.ts) on Stripe's PaymentIntents with
 * `capture_method: manual`. It owns the mapping from our user to a Stripe Customer
 * (gateway_customers), the exact requests sent to Stripe and the translation of Stripe's answers
 * and errors into the seam's types. It keeps no payment state of its own: our records are kept
 * by payment-records.ts (from the caller, or from webhooks).
 *
 * Sources (docs.stripe.com): payments/place-a-hold-on-a-payment-method (manual capture,
 * `capture_before`, authorization windows), payments/finalize-payments-on-the-server
 * (server-side confirmation, `allow_redirects: never`), payments/save-and-reuse and
 * payments/save-during-payment (`setup_future_usage`, SetupIntents, `off_session`),
 * api/payment_methods/customer_list and api/payment_methods/detach (saved cards), refunds, api/idempotent_requests, error-handling and error-codes.
 *
 * Stripe attaches a new card to the Customer only when the hold or setup succeeds (a declined card
 * is never saved). A card typed again is a new PaymentMethod with the same `card.fingerprint`:
 * after it succeeds, the card saved before is kept (with the newer expiry of the two) and the new
 * duplicate is detached (issue #14), so each card is listed once.
 *
 * Every money-moving request carries the caller's idempotency key, so a retry after a timeout
 * replays Stripe's first answer instead of moving money twice. The SDK's own retries are off
 * (`maxNetworkRetries: 0`): the caller decides when to retry, with the same key.
 */
import { and, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Database } from '../db/client';
import { gatewayCustomers } from '../db/schema';
import {
  AuthenticationRequiredError,
  CardDeclinedError,
  GatewayUnavailableError,
  HoldExpiredError,
  InvalidPaymentOperationError,
  PaymentMethodNotFoundError,
  type CardSummary,
  type GatewayPayment,
  type Hold,
  type PaymentGateway,
  type PlaceHoldInput,
  type SavedCard,
  type VoidReason,
} from './gateway';

/** Card holds started by the customer (on our booking page) last 7 days on every network. */
export const CUSTOMER_PRESENT_HOLD_DAYS = 7;
/**
 * Holds we place ourselves (off-session, merchant-initiated) last 5 days on Visa (4 days 18
 * hours exactly), 7 on the others; the deferred-hold flow plans with 5.
 */
export const MERCHANT_INITIATED_HOLD_DAYS = 5;

const DAY_MS = 24 * 60 * 60 * 1000;
/** PaymentMethod metadata key marking the card kept among copies of one card (keepOneSavedCard). */
const KEPT_CARD_KEY = 'saved_card';
const GATEWAY = 'stripe';

export interface StripeGatewayOptions {
  /** `sk_live_…` / `sk_test_…` (or a restricted `rk_` key). */
  secretKey: string;
  /** Tests only: `http://127.0.0.1:PORT` of the fake Stripe server (testing/fake-stripe.ts). */
  apiBase?: string | null;
  /** How long one request may take before it counts as unavailable, in ms (default 10 000). */
  timeoutMs?: number;
}

/** One refund as Stripe reports it (webhooks and reconciliation). */
export interface GatewayRefund {
  refundReference: string;
  /** The PaymentIntent the money came from. */
  paymentReference: string;
  amountCents: number;
  status: string;
  /** Our reason (Refund metadata `reason`); null for refunds made elsewhere, e.g. the Dashboard. */
  reason: string | null;
  createdAt: Date;
}

/** The SDK client, pointed at the fake Stripe server when `apiBase` is given. */
export function createStripeClient(options: StripeGatewayOptions): Stripe {
  const base = options.apiBase ? new URL(options.apiBase) : null;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 0,
    timeout: options.timeoutMs ?? 10_000,
    appInfo: { name: 'tampa-handyman' },
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' } : {}),
  });
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

const { StripeCardError, StripeConnectionError, StripeAPIError, StripeRateLimitError, StripeInvalidRequestError, StripeIdempotencyError } = Stripe.errors;

/**
 * Stripe's error -> the seam's error. Card errors keep the bank's message; network failures,
 * timeouts, 5xx and rate limits are "outcome unknown, retry with the same key"; an invalid
 * request about the `payment_method` means it cannot be used by this customer ("not found").
 */
export function translateStripeError(error: unknown): unknown {
  if (error instanceof StripeCardError) return new CardDeclinedError(error.message, error.decline_code || error.code || 'card_declined');
  if (error instanceof StripeConnectionError || error instanceof StripeAPIError || error instanceof StripeRateLimitError) return new GatewayUnavailableError(error);
  // Unknown, attached to another Customer, or detached for good: the card cannot be used.
  if (error instanceof StripeInvalidRequestError && error.param === 'payment_method') return new PaymentMethodNotFoundError();
  if (error instanceof StripeInvalidRequestError || error instanceof StripeIdempotencyError) return new InvalidPaymentOperationError(error.message);
  return error;
}

/** Runs one Stripe call, translating its errors. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw translateStripeError(error);
  }
}

function cardOf(charge: Stripe.Charge | null, method: Stripe.PaymentMethod | null): CardSummary {
  const card = charge?.payment_method_details?.card ?? method?.card;
  return { brand: card?.brand ?? 'unknown', last4: card?.last4 ?? '????' };
}

const expandedCharge = (intent: Stripe.PaymentIntent): Stripe.Charge | null => (typeof intent.latest_charge === 'object' ? intent.latest_charge : null);

/**
 * Our view of a PaymentIntent. `capturedCents` = `amount_received`; `refundedCents` is money
 * returned to the card: the charge's `amount_refunded` minus what was only released, never
 * captured (Stripe counts the uncaptured remainder of a partial capture, a cancel or an expiry
 * as refunded). Statuses: `canceled` by Stripe itself (`automatic`/`expired`) is `expired`;
 * `requires_payment_method` after a failed attempt is `failed`; anything else still waiting for
 * the customer is `requires_action`.
 */
export function toGatewayPayment(intent: Stripe.PaymentIntent): GatewayPayment {
  const charge = expandedCharge(intent);
  const released = charge ? charge.amount - charge.amount_captured : 0;
  const refundedCents = charge?.captured ? Math.max(0, charge.amount_refunded - released) : 0;
  const captureBefore = charge?.payment_method_details?.card?.capture_before;
  return {
    reference: intent.id,
    status: gatewayStatus(intent),
    amountCents: intent.amount,
    capturedCents: intent.amount_received,
    refundedCents,
    captureBefore: captureBefore ? new Date(captureBefore * 1000) : null,
    metadata: { ...intent.metadata },
    createdAt: new Date(intent.created * 1000),
  };
}

function gatewayStatus(intent: Stripe.PaymentIntent): GatewayPayment['status'] {
  switch (intent.status) {
    case 'requires_capture':
      return 'requires_capture';
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return isExpiry(intent.cancellation_reason) ? 'expired' : 'canceled';
    case 'requires_payment_method':
      return intent.last_payment_error || intent.latest_charge ? 'failed' : 'requires_action';
    default:
      return 'requires_action';
  }
}

/** Whether Stripe itself canceled the intent (an authorization that lapsed). */
export const isExpiry = (reason: string | null | undefined) => reason === 'automatic' || reason === 'expired';

export class StripeGateway implements PaymentGateway {
  readonly name = 'stripe' as const;
  /** True with test keys (`sk_test_…`): Stripe's test mode moves no real money. */
  readonly testMode: boolean;
  readonly holdLifetimeDays = CUSTOMER_PRESENT_HOLD_DAYS;
  private readonly stripe: Stripe;

  constructor(
    private readonly db: Database,
    options: StripeGatewayOptions,
  ) {
    this.testMode = /^(sk|rk)_test_/.test(options.secretKey);
    this.stripe = createStripeClient(options);
  }

  /**
   * Authorizes `amountCents` (USD cents) on the customer's card with a manual-capture
   * PaymentIntent confirmed on the server, saving the card for off-session use (or, with
   * `offSession`, using the saved card as a merchant-initiated hold). `captureBefore` is the
   * charge's `capture_before` (fallback: created + 7 days, or 5 off-session).
   * @throws CardDeclinedError with the bank's message and decline code
   * @throws AuthenticationRequiredError with the PaymentIntent's client secret when the bank
   *   asks for 3-D Secure; the browser finishes it and the caller retries with the same key
   * @throws PaymentMethodNotFoundError when the method is unknown or attached to another customer
   * @throws GatewayUnavailableError on a timeout or network failure (retry with the same key)
   */
  async placeHold(input: PlaceHoldInput): Promise<Hold> {
    const customer = await this.customerFor(input.customerId, input.customerEmail);
    const method = await this.ownedPaymentMethod(input.paymentMethodId, customer);
    let intent: Stripe.PaymentIntent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer,
          payment_method: input.paymentMethodId,
          capture_method: 'manual',
          confirm: true,
          ...(input.offSession ? { off_session: true } : { setup_future_usage: 'off_session' as const }),
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: input.metadata,
          expand: ['latest_charge'],
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    // A replay of the same key answers the first (stale) response: 3-D Secure may be done by now.
    if (intent.status === 'requires_action') intent = await this.retrieveIntent(intent.id);

    switch (intent.status) {
      case 'requires_capture': {
        const charge = expandedCharge(intent);
        const captureBefore = charge?.payment_method_details?.card?.capture_before;
        const lifetimeDays = input.offSession ? MERCHANT_INITIATED_HOLD_DAYS : CUSTOMER_PRESENT_HOLD_DAYS;
        const used = idOf(intent.payment_method) ?? method.id;
        return {
          reference: intent.id,
          amountCents: intent.amount_capturable,
          card: cardOf(charge, method),
          paymentMethodId: idOf(method.customer) ? used : await this.keepOneSavedCard(customer, used),
          captureBefore: captureBefore ? new Date(captureBefore * 1000) : new Date(intent.created * 1000 + lifetimeDays * DAY_MS),
        };
      }
      case 'requires_action':
        throw new AuthenticationRequiredError(intent.client_secret!, intent.id);
      case 'requires_payment_method':
        throw declinedBy(intent.last_payment_error);
      default:
        throw new InvalidPaymentOperationError(`PaymentIntent ${intent.id} is ${intent.status}, not a hold`);
    }
  }

  /**
   * Saves the card for later off-session use without authorizing money: a SetupIntent confirmed
   * on the server with `usage: off_session`. `metadata` (e.g. `booking_id`) lets webhooks find the
   * booking.
   * @throws the same errors as placeHold (AuthenticationRequiredError carries the SetupIntent's
   *   client secret)
   */
  async saveCard(input: { customerId: string; customerEmail: string; paymentMethodId: string; idempotencyKey: string; metadata?: Record<string, string> }): Promise<{ paymentMethodId: string; card: CardSummary }> {
    const customer = await this.customerFor(input.customerId, input.customerEmail);
    const method = await this.ownedPaymentMethod(input.paymentMethodId, customer);
    let intent: Stripe.SetupIntent = await call(() =>
      this.stripe.setupIntents.create(
        {
          customer,
          payment_method: input.paymentMethodId,
          confirm: true,
          usage: 'off_session',
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          ...(input.metadata ? { metadata: input.metadata } : {}),
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (intent.status === 'requires_action') intent = await call(() => this.stripe.setupIntents.retrieve(intent.id));
    switch (intent.status) {
      case 'succeeded': {
        const used = idOf(intent.payment_method) ?? method.id;
        return { paymentMethodId: idOf(method.customer) ? used : await this.keepOneSavedCard(customer, used), card: cardOf(null, method) };
      }
      case 'requires_action':
        throw new AuthenticationRequiredError(intent.client_secret!, intent.id);
      case 'requires_payment_method':
        throw declinedBy(intent.last_setup_error);
      default:
        throw new InvalidPaymentOperationError(`SetupIntent ${intent.id} is ${intent.status}`);
    }
  }

  /**
   * Captures `amountCents` (at most the hold) of the PaymentIntent `reference`; Stripe releases
   * the rest. A hold captured before (e.g. our earlier call whose answer was lost) answers what
   * was captured then.
   * @throws HoldExpiredError when the hold lapsed (`charge_expired_for_capture`, or canceled by
   *   Stripe itself)
   * @throws InvalidPaymentOperationError for a hold we voided, or an amount above the hold
   */
  async capture(input: { reference: string; amountCents: number; idempotencyKey: string }): Promise<{ capturedCents: number }> {
    try {
      const intent = await this.stripe.paymentIntents.capture(input.reference, { amount_to_capture: input.amountCents }, { idempotencyKey: input.idempotencyKey });
      return { capturedCents: intent.amount_received };
    } catch (error) {
      if (error instanceof StripeInvalidRequestError) {
        if (error.code === 'charge_expired_for_capture') throw new HoldExpiredError(input.reference);
        const intent = error.payment_intent;
        if (intent?.status === 'succeeded') return { capturedCents: intent.amount_received };
        if (intent?.status === 'canceled') {
          if (isExpiry(intent.cancellation_reason)) throw new HoldExpiredError(input.reference);
          throw new InvalidPaymentOperationError(`cannot capture hold ${input.reference}: it was voided (${intent.cancellation_reason})`);
        }
      }
      throw translateStripeError(error);
    }
  }

  /**
   * Charges the saved card now, without the customer (an amount above the hold): an automatic
   * capture PaymentIntent with `off_session: true`. Answers the PaymentIntent id and the cents
   * received.
   * @throws CardDeclinedError (also when the bank wants authentication: `authentication_required`)
   * @throws PaymentMethodNotFoundError when the user has no Stripe customer or the method is unknown
   */
  async chargeOffSession(input: { customerId: string; paymentMethodId: string; amountCents: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ reference: string; amountCents: number }> {
    const customer = await this.existingCustomer(input.customerId);
    if (!customer) throw new PaymentMethodNotFoundError();
    const intent = await call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          customer,
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          // Confirming on the server without a return_url needs redirect-based methods off.
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: input.metadata,
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (intent.status === 'succeeded') return { reference: intent.id, amountCents: intent.amount_received };
    if (intent.status === 'requires_payment_method') throw declinedBy(intent.last_payment_error);
    throw new InvalidPaymentOperationError(`off-session charge ${intent.id} is ${intent.status}`);
  }

  /**
   * Releases the whole hold (cancels the PaymentIntent with `cancellation_reason`). A hold
   * already canceled (by us, or lapsed) is not an error.
   * @throws InvalidPaymentOperationError when the hold was captured
   */
  async voidHold(input: { reference: string; idempotencyKey: string; reason: VoidReason }): Promise<void> {
    try {
      await this.stripe.paymentIntents.cancel(input.reference, { cancellation_reason: input.reason }, { idempotencyKey: input.idempotencyKey });
    } catch (error) {
      if (error instanceof StripeInvalidRequestError && error.payment_intent?.status === 'canceled') return;
      throw translateStripeError(error);
    }
  }

  /**
   * Refunds `amountCents` of what the PaymentIntent `reference` took, through the Refunds API;
   * our reason goes into the refund's metadata (Stripe's own `reason` takes only its enum).
   * @throws InvalidPaymentOperationError when more is refunded than was captured
   */
  async refund(input: { reference: string; amountCents: number; idempotencyKey: string; reason: string }): Promise<{ refundReference: string; amountCents: number }> {
    const refund = await call(() =>
      this.stripe.refunds.create({ payment_intent: input.reference, amount: input.amountCents, metadata: { reason: input.reason } }, { idempotencyKey: input.idempotencyKey }),
    );
    if (refund.status === 'failed' || refund.status === 'canceled') throw new InvalidPaymentOperationError(`refund ${refund.id} ${refund.status}`);
    return { refundReference: refund.id, amountCents: refund.amount };
  }

  /** Stripe's current view of one PaymentIntent. @throws InvalidPaymentOperationError when unknown */
  async getPayment(reference: string): Promise<GatewayPayment> {
    return toGatewayPayment(await this.retrieveIntent(reference));
  }

  /** Every PaymentIntent created at or after `since` (all pages), newest first. */
  async listPaymentsSince(since: Date): Promise<GatewayPayment[]> {
    return call(async () => {
      const payments: GatewayPayment[] = [];
      const pages = this.stripe.paymentIntents.list({ created: { gte: Math.floor(since.getTime() / 1000) }, limit: 100, expand: ['data.latest_charge'] });
      for await (const intent of pages) payments.push(toGatewayPayment(intent));
      return payments;
    });
  }

  /** Every refund of a PaymentIntent, newest first, including releases of uncaptured amounts. */
  async listRefunds(paymentReference: string): Promise<GatewayRefund[]> {
    return call(async () => {
      const refunds: GatewayRefund[] = [];
      for await (const refund of this.stripe.refunds.list({ payment_intent: paymentReference, limit: 100 })) {
        refunds.push({
          refundReference: refund.id,
          paymentReference,
          amountCents: refund.amount,
          status: refund.status ?? 'succeeded',
          reason: refund.metadata?.reason ?? null,
          createdAt: new Date(refund.created * 1000),
        });
      }
      return refunds;
    });
  }

  /**
   * The cards attached to the user's Stripe Customer (`GET /v1/payment_methods?customer=…&type=card`,
   * all pages), newest first as Stripe lists them. No Customer yet: no cards, and none is created.
   */
  async listSavedCards(customerId: string): Promise<SavedCard[]> {
    const customer = await this.existingCustomer(customerId);
    if (!customer) return [];
    return call(async () => {
      const cards: SavedCard[] = [];
      for await (const method of this.stripe.paymentMethods.list({ customer, type: 'card', limit: 100 })) {
        if (!method.card) continue;
        cards.push({ paymentMethodId: method.id, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year });
      }
      return cards;
    });
  }

  /**
   * Detaches the card from the user's Stripe Customer (`POST /v1/payment_methods/:id/detach`)
   * after checking with `GET /v1/payment_methods/:id` that it is attached to that Customer.
   * @throws PaymentMethodNotFoundError when the user has no Customer, the card is unknown, not
   *   attached (already detached) or attached to another Customer
   */
  async removeSavedCard(customerId: string, paymentMethodId: string): Promise<void> {
    const customer = await this.existingCustomer(customerId);
    if (!customer) throw new PaymentMethodNotFoundError();
    const method = await this.ownedPaymentMethod(paymentMethodId, customer);
    if (idOf(method.customer) !== customer) throw new PaymentMethodNotFoundError();
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      // Detached in between (a concurrent removal): Stripe answers that it is not attached.
      if (error instanceof StripeInvalidRequestError && error.code === 'payment_method_unexpected_state') throw new PaymentMethodNotFoundError();
      throw translateStripeError(error);
    }
  }

  /**
   * After a new card `paymentMethodId` was attached by a successful hold or setup: when the
   * Customer already had a card with the same `card.fingerprint`, keeps one and detaches the new
   * duplicate, so bookings made with the card before keep a usable card. The kept card carries
   * metadata `saved_card: kept` (set by the first of them to get here, even alone; without one, the
   * oldest is chosen and marked) and takes the newer expiry (api/payment_methods/update). Runs under a
   * per-Customer advisory lock, so concurrent first uses of one card settle on the same kept card.
   * Returns the id to keep using.
   * Best effort: the hold already succeeded, so a failure here keeps the new card (listed twice)
   * rather than failing the booking.
   */
  private async keepOneSavedCard(customer: string, paymentMethodId: string): Promise<string> {
    return this.deduplicateSavedCard(customer, paymentMethodId).catch(() => paymentMethodId);
  }

  private async deduplicateSavedCard(customer: string, paymentMethodId: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`stripe-saved-cards:${customer}`}))`);
      const attached = await call(async () => {
        const methods: Stripe.PaymentMethod[] = [];
        for await (const method of this.stripe.paymentMethods.list({ customer, type: 'card', limit: 100 })) methods.push(method);
        return methods;
      });
      const used = attached.find((method) => method.id === paymentMethodId);
      const fingerprint = used?.card?.fingerprint;
      if (!used?.card || !fingerprint) return paymentMethodId;
      const copies = attached.filter((method) => method.card?.fingerprint === fingerprint).sort((a, b) => a.created - b.created || a.id.localeCompare(b.id));
      const kept = copies.find((method) => method.metadata?.[KEPT_CARD_KEY] === 'kept') ?? copies[0]!;
      const expiry = (card: Stripe.PaymentMethod.Card) => card.exp_year * 12 + card.exp_month;
      const newer = kept.id !== used.id && expiry(used.card) > expiry(kept.card!);
      if (newer || kept.metadata?.[KEPT_CARD_KEY] !== 'kept') {
        await call(() =>
          this.stripe.paymentMethods.update(kept.id, {
            metadata: { [KEPT_CARD_KEY]: 'kept' },
            ...(newer ? { card: { exp_month: used.card!.exp_month, exp_year: used.card!.exp_year } } : {}),
          }),
        );
      }
      if (kept.id === paymentMethodId) return paymentMethodId;
      try {
        await this.stripe.paymentMethods.detach(paymentMethodId);
      } catch (error) {
        if (!(error instanceof StripeInvalidRequestError && error.code === 'payment_method_unexpected_state')) throw translateStripeError(error);
      }
      return kept.id;
    });
  }

  private retrieveIntent(reference: string): Promise<Stripe.PaymentIntent> {
    return call(() => this.stripe.paymentIntents.retrieve(reference, { expand: ['latest_charge'] }));
  }

  private async existingCustomer(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ customerRef: gatewayCustomers.customerRef })
      .from(gatewayCustomers)
      .where(and(eq(gatewayCustomers.userId, userId), eq(gatewayCustomers.gateway, GATEWAY)));
    return row?.customerRef ?? null;
  }

  /**
   * The user's Stripe Customer, created on first use. The idempotency key `customer:<user>`
   * makes concurrent first bookings share one Customer; the first stored mapping wins.
   */
  private async customerFor(userId: string, email: string): Promise<string> {
    const existing = await this.existingCustomer(userId);
    if (existing) return existing;
    const customer = await call(() => this.stripe.customers.create({ email, metadata: { user_id: userId } }, { idempotencyKey: `customer:${userId}` }));
    await this.db.insert(gatewayCustomers).values({ userId, gateway: GATEWAY, customerRef: customer.id }).onConflictDoNothing();
    return (await this.existingCustomer(userId)) ?? customer.id;
  }

  /**
   * The PaymentMethod, if it is ours to use: unattached (fresh from Stripe.js) or attached to
   * this customer. Someone else's saved card is "not found", never charged.
   */
  private async ownedPaymentMethod(paymentMethodId: string, customer: string): Promise<Stripe.PaymentMethod> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
    } catch (error) {
      if (error instanceof StripeInvalidRequestError && error.code === 'resource_missing') throw new PaymentMethodNotFoundError();
      throw translateStripeError(error);
    }
    const owner = idOf(method.customer);
    if (owner && owner !== customer) throw new PaymentMethodNotFoundError();
    return method;
  }
}

function declinedBy(error: { message?: string; decline_code?: string; code?: string } | null | undefined): CardDeclinedError {
  return new CardDeclinedError(error?.message ?? 'Your card was declined.', error?.decline_code || error?.code || 'card_declined');
}
