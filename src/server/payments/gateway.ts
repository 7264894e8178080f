/**
 * The payment gateway seam (docs/decisions/003-payment-gateway.md). A booking places a hold
 * (authorization) for its total; after the job the final amount is captured; a hold that is not
 * needed is voided; money taken can be refunded. The simulated gateway implements it today;
 * Stripe (PaymentIntents with manual capture) comes next behind the same interface.
 *
 * Amounts are integer cents (USD). Every call takes an idempotency key: the same key returns the
 * first call's result and never moves money twice (Stripe's Idempotency-Key semantics).
 */

export interface CardSummary {
  brand: string;
  last4: string;
}

export interface Hold {
  /** The gateway's id of the hold (Stripe: the PaymentIntent id). */
  reference: string;
  amountCents: number;
  card: CardSummary;
}

export interface PlaceHoldInput {
  /** Our user id; the payment method must belong to this customer. */
  customerId: string;
  paymentMethodId: string;
  amountCents: number;
  idempotencyKey: string;
  /** Shown on the card statement / kept with the hold for reconciliation. */
  metadata: Record<string, string>;
}

export interface PaymentGateway {
  readonly name: 'simulated' | 'stripe';
  /** Whether no real money moves (labelled "Test mode" in the UI). */
  readonly testMode: boolean;
  /**
   * Authorizes `amountCents` on the card without charging it.
   * @throws CardDeclinedError with the bank's message when the card is declined
   * @throws PaymentMethodNotFoundError when the method is unknown or belongs to someone else
   */
  placeHold(input: PlaceHoldInput): Promise<Hold>;
  /** Captures up to the held amount; the rest of the hold is released. */
  capture(input: { reference: string; amountCents: number; idempotencyKey: string }): Promise<{ capturedCents: number }>;
  /** Releases the whole hold; nothing is charged. */
  voidHold(input: { reference: string; idempotencyKey: string }): Promise<void>;
  /** Returns captured money to the card. */
  refund(input: { reference: string; amountCents: number; idempotencyKey: string; reason: string }): Promise<{ refundedCents: number }>;
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

export class PaymentMethodNotFoundError extends Error {
  constructor() {
    super('Payment method not found');
    this.name = 'PaymentMethodNotFoundError';
  }
}

export class InvalidPaymentOperationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidPaymentOperationError';
  }
}
