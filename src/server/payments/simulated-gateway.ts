/**
 * The simulated gateway: the default for development and tests, refused in production. It
 * keeps tokenized test cards and holds in the database (tables simulated_payment_methods and
 * simulated_holds) and behaves like Stripe's manual-capture PaymentIntents for the outcomes we
 * use: approve, decline, capture up to the hold, void, refund up to what was captured.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { simulatedHolds, simulatedPaymentMethods } from '../db/schema';
import {
  CardDeclinedError,
  InvalidPaymentOperationError,
  PaymentMethodNotFoundError,
  type Hold,
  type PaymentGateway,
  type PlaceHoldInput,
} from './gateway';
import { cardBrand, DECLINED_CARD_MESSAGE, testCardBehaviour } from './test-cards';

const newId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;

export interface TestCardInput {
  ownerUserId: string;
  /** Digits only. */
  number: string;
  expMonth: number;
  expYear: number;
}

export class SimulatedGateway implements PaymentGateway {
  readonly name = 'simulated' as const;
  readonly testMode = true;

  constructor(private readonly db: Database) {}

  /** Tokenizes a test card: only brand, last 4, expiry and its test behaviour are kept. */
  async createPaymentMethod(input: TestCardInput): Promise<{ id: string; brand: string; last4: string; expMonth: number; expYear: number }> {
    const row = {
      id: newId('pm'),
      ownerUserId: input.ownerUserId,
      brand: cardBrand(input.number),
      last4: input.number.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear,
      behaviour: testCardBehaviour(input.number),
    };
    await this.db.insert(simulatedPaymentMethods).values(row);
    return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
  }

  async placeHold(input: PlaceHoldInput): Promise<Hold> {
    const [method] = await this.db.select().from(simulatedPaymentMethods).where(eq(simulatedPaymentMethods.id, input.paymentMethodId));
    if (!method || method.ownerUserId !== input.customerId) throw new PaymentMethodNotFoundError();
    const card = { brand: method.brand, last4: method.last4 };

    const [existing] = await this.db.select().from(simulatedHolds).where(eq(simulatedHolds.idempotencyKey, input.idempotencyKey));
    if (existing) {
      if (existing.status === 'declined') throw new CardDeclinedError(DECLINED_CARD_MESSAGE, 'generic_decline');
      return { reference: existing.id, amountCents: existing.amountCents, card };
    }
    const declined = method.behaviour === 'decline';
    const [hold] = await this.db
      .insert(simulatedHolds)
      .values({
        id: newId('pi'),
        idempotencyKey: input.idempotencyKey,
        paymentMethodId: method.id,
        amountCents: input.amountCents,
        status: declined ? 'declined' : 'requires_capture',
      })
      .onConflictDoNothing({ target: simulatedHolds.idempotencyKey })
      .returning();
    if (!hold) return this.placeHold(input); // a concurrent call with the same key won the insert
    if (declined) throw new CardDeclinedError(DECLINED_CARD_MESSAGE, 'generic_decline');
    return { reference: hold.id, amountCents: hold.amountCents, card };
  }

  async capture(input: { reference: string; amountCents: number; idempotencyKey: string }): Promise<{ capturedCents: number }> {
    const hold = await this.findHold(input.reference);
    if (hold.status === 'captured') return { capturedCents: hold.capturedCents };
    if (hold.status !== 'requires_capture') throw new InvalidPaymentOperationError(`cannot capture a ${hold.status} hold`);
    if (input.amountCents > hold.amountCents) throw new InvalidPaymentOperationError('amount_to_capture exceeds the hold');
    await this.db.update(simulatedHolds).set({ status: 'captured', capturedCents: input.amountCents, updatedAt: new Date() }).where(eq(simulatedHolds.id, hold.id));
    return { capturedCents: input.amountCents };
  }

  async voidHold(input: { reference: string; idempotencyKey: string }): Promise<void> {
    const hold = await this.findHold(input.reference);
    if (hold.status === 'canceled') return;
    if (hold.status !== 'requires_capture') throw new InvalidPaymentOperationError(`cannot void a ${hold.status} hold`);
    await this.db.update(simulatedHolds).set({ status: 'canceled', updatedAt: new Date() }).where(eq(simulatedHolds.id, hold.id));
  }

  async refund(input: { reference: string; amountCents: number; idempotencyKey: string; reason: string }): Promise<{ refundedCents: number }> {
    const hold = await this.findHold(input.reference);
    if (hold.status !== 'captured') throw new InvalidPaymentOperationError('only captured payments can be refunded');
    if (hold.refundedCents + input.amountCents > hold.capturedCents) throw new InvalidPaymentOperationError('refund exceeds the captured amount');
    const refundedCents = hold.refundedCents + input.amountCents;
    await this.db.update(simulatedHolds).set({ refundedCents, updatedAt: new Date() }).where(eq(simulatedHolds.id, hold.id));
    return { refundedCents };
  }

  private async findHold(reference: string) {
    const [hold] = await this.db.select().from(simulatedHolds).where(eq(simulatedHolds.id, reference));
    if (!hold) throw new InvalidPaymentOperationError(`no hold ${reference}`);
    return hold;
  }
}
