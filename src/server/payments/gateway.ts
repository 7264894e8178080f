/**
 * The payment gateway seam (docs/decisions/003-payment-gateway.md). A booking places a hold
 * (authorization) for its total; after the job the final amount is captured (and any amount
 * above the hold is charged off-session to the saved card); a hold that is not needed is voided;
 * money taken can be refunded. Bookings further out than the hold lifetime save the card first
 * (a SetupIntent on Stripe) and place the hold off-session about 24 hours before the job.
 *
 * Implemented by the simulated gateway (test mode) and the Stripe gateway (PaymentIntents with
 * `capture_method: manual`, docs.stripe.com/payments/place-a-hold-on-a-payment-method).
 *
 * Amounts are integer cents (USD). Every money-moving call takes an idempotency key: the same
 * key returns the first call's result and never moves money twice (Stripe's Idempotency-Key).
 * `customerId` is always OUR user id; the gateway maps it to its own customer object.
 */

export interface CardSummary {
  brand: string;
  last4: string;
}

/**
 * A card the customer saved with the gateway, reusable for a later booking (Settings, Payment
 * Methods). Stripe: a PaymentMethod of type `card` attached to the user's Customer
 * (docs.stripe.com/api/payment_methods/object); simulated: a tokenized test card not removed.
 */
export interface SavedCard {
  /** The gateway's id of the card, as a booking's `paymentMethodId` takes it (`pm_…`). */
  paymentMethodId: string;
  /** The card network in lower case, e.g. `visa`, `mastercard`, `amex`. */
  brand: string;
  /** The last 4 digits of the card number. */
  last4: string;
  /** Expiry month, 1-12. */
  expMonth: number;
  /** Expiry year, four digits. */
  expYear: number;
}

export interface Hold {
  /** The gateway's id of the hold (Stripe: the PaymentIntent id). */
  reference: string;
  amountCents: number;
  card: CardSummary;
  /**
   * The saved payment method, reusable off-session (extra charges, deferred holds). When the
   * customer had already saved the same card (same gateway fingerprint), this is that saved card,
   * not the new one the hold was placed with (issue #14: one saved card per card number).
   */
  paymentMethodId: string;
  /** When the hold lapses if not captured (Stripe: the charge's `capture_before`). */
  captureBefore: Date;
}

export interface PlaceHoldInput {
  customerId: string;
  customerEmail: string;
  paymentMethodId: string;
  amountCents: number;
  idempotencyKey: string;
  /** Kept with the hold: `booking_id` and `reference` let reconciliation find orphans. */
  metadata: Record<string, string>;
  /** True when the customer is not present (a deferred hold placed by our scheduler). */
  offSession?: boolean;
}

export type VoidReason = 'requested_by_customer' | 'abandoned' | 'duplicate';

/** What the gateway itself says about a hold or charge, for reconciliation and webhooks. */
export interface GatewayPayment {
  reference: string;
  status: 'requires_action' | 'requires_capture' | 'succeeded' | 'canceled' | 'failed' | 'expired';
  amountCents: number;
  capturedCents: number;
  refundedCents: number;
  captureBefore: Date | null;
  metadata: Record<string, string>;
  createdAt: Date;
}

export interface PaymentGateway {
  readonly name: 'simulated' | 'stripe';
  /** Whether no real money moves (labelled "Test mode" in the UI). */
  readonly testMode: boolean;
  /** How long a customer-started hold lasts before it expires (Stripe: 7 days). */
  readonly holdLifetimeDays: number;
  /**
   * Authorizes `amountCents` on the card without charging it, saving the card for later
   * off-session use — only when the authorization succeeds (a declined card is never saved), and
   * once per card number: the same card typed again keeps the card saved before, with the newer
   * expiry of the two, and the returned `paymentMethodId` is that saved card.
   * @throws CardDeclinedError with the bank's message
   * @throws AuthenticationRequiredError when the bank asks for 3-D Secure (the browser finishes it
   *   with `clientSecret`, then retries with the same idempotency key)
   * @throws PaymentMethodNotFoundError when the method is unknown or belongs to someone else
   */
  placeHold(input: PlaceHoldInput): Promise<Hold>;
  /**
   * Saves the card for a later off-session hold without authorizing money (Stripe: SetupIntent),
   * on success only and once per card number as placeHold; answers the saved card's id.
   * @throws the same errors as placeHold
   */
  saveCard(input: { customerId: string; customerEmail: string; paymentMethodId: string; idempotencyKey: string; metadata?: Record<string, string> }): Promise<{ paymentMethodId: string; card: CardSummary }>;
  /**
   * Captures up to the held amount; the rest of the hold is released.
   * @throws HoldExpiredError when the hold lapsed before capture
   */
  capture(input: { reference: string; amountCents: number; idempotencyKey: string }): Promise<{ capturedCents: number }>;
  /** Charges the saved card now, off-session (an amount above the hold). @throws CardDeclinedError */
  chargeOffSession(input: { customerId: string; paymentMethodId: string; amountCents: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ reference: string; amountCents: number }>;
  /** Releases the whole hold; nothing is charged. */
  voidHold(input: { reference: string; idempotencyKey: string; reason: VoidReason }): Promise<void>;
  /** Returns captured money to the card; `reference` is the hold or charge that took it. */
  refund(input: { reference: string; amountCents: number; idempotencyKey: string; reason: string }): Promise<{ refundReference: string; amountCents: number }>;
  /**
   * The customer's saved cards, newest first (Stripe: PaymentMethods of type `card` attached to
   * the user's Customer, all pages, docs.stripe.com/api/payment_methods/customer_list). A user
   * the gateway has no customer for yet has none.
   * @throws GatewayUnavailableError on a timeout or network failure
   */
  listSavedCards(customerId: string): Promise<SavedCard[]>;
  /**
   * Forgets a saved card, so it can no longer be charged (Stripe: detaches the PaymentMethod from
   * the Customer, docs.stripe.com/api/payment_methods/detach; a detached card cannot be used
   * again). Money already taken with it (refunds of captured payments) is not affected.
   * @throws PaymentMethodNotFoundError when the card is unknown, already removed, or someone else's
   * @throws GatewayUnavailableError on a timeout or network failure
   */
  removeSavedCard(customerId: string, paymentMethodId: string): Promise<void>;
  /** The gateway's current view of one payment. */
  getPayment(reference: string): Promise<GatewayPayment>;
  /** Payments created since a time, for reconciliation and orphan detection. */
  listPaymentsSince(since: Date): Promise<GatewayPayment[]>;
}

export class CardDeclinedError extends Error {
  constructor(
    /** The bank's message, shown to the customer as is. */
    readonly bankMessage: string,
    readonly declineCode: string,
  ) {
    super(bankMessage);
    this.name = 'CardDeclinedError';
  }
}

export class AuthenticationRequiredError extends Error {
  constructor(
    /** The PaymentIntent/SetupIntent client secret the browser uses to finish 3-D Secure. */
    readonly clientSecret: string,
    readonly reference: string,
  ) {
    super('authentication_required');
    this.name = 'AuthenticationRequiredError';
  }
}

export class PaymentMethodNotFoundError extends Error {
  constructor() {
    super('Payment method not found');
    this.name = 'PaymentMethodNotFoundError';
  }
}

export class HoldExpiredError extends Error {
  constructor(readonly reference: string) {
    super(`hold ${reference} expired before capture`);
    this.name = 'HoldExpiredError';
  }
}

export class InvalidPaymentOperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPaymentOperationError';
  }
}

/** A network failure or timeout talking to the gateway: the outcome is unknown; retry with the same key. */
export class GatewayUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('payment gateway unavailable', { cause });
    this.name = 'GatewayUnavailableError';
  }
}
