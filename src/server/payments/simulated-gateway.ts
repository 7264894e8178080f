/**
 * The simulated gateway: the default for development and tests, refused in production. It keeps
 * tokenized test cards, holds and charges in the database (simulated_payment_methods,
 * simulated_holds, simulated_operations) and behaves like Stripe's manual-capture
 * PaymentIntents for what we use: approve, decline (generic, insufficient funds), 3-D Secure
 * (requires_action until authenticated), holds that expire 7 days after authorization, partial
 * capture, off-session charges, void, refunds up to what was taken. Every money-moving call is
 * idempotent by its key, like Stripe's Idempotency-Key, and as correct under concurrency as
 * Stripe (issue #9): each call runs in one transaction that first takes its key (a concurrent
 * call with the same key waits, then replays the stored result) and locks the hold's row
 * (`SELECT ... FOR UPDATE`), so refunds never lose an update and a capture and a void of one hold
 * can never both succeed. A hold whose idempotency key is replayed after it was cancelled is
 * refused rather than handed back as if it still held money. A test card is a saved card of the user
 * who tokenized it only once a hold or setup with it succeeded (issue #14: a declined card is never
 * saved, like Stripe attaching a PaymentMethod only on success), until they remove it; a removed
 * card is kept (holds refer to it) but, like a detached Stripe PaymentMethod, can no longer be
 * listed or charged. The same number typed again is recognised by its fingerprint (a keyed hash;
 * the number itself is never stored) and saved once: the card saved first stays, with the newer
 * expiry of the two, and holds report it as their `paymentMethodId`.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { simulatedHolds, simulatedOperations, simulatedPaymentMethods } from '../db/schema';
import {
  AuthenticationRequiredError,
  CardDeclinedError,
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
import { cardBrand, DECLINE_MESSAGES, testCardBehaviour } from './test-cards';

const newId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;
const HOLD_LIFETIME_DAYS = 7;
const SECRET_SUFFIX = '_secret_sim';

/** Keys the card fingerprint so that a stored fingerprint cannot be matched against a table of plain hashes of numbers. */
const FINGERPRINT_KEY = 'simulated-gateway:card-fingerprint:v1';

/** The stable fingerprint of a card number (digits only), as Stripe's `card.fingerprint`: same number, same fingerprint. */
export function cardFingerprint(digits: string): string {
  return createHmac('sha256', FINGERPRINT_KEY).update(digits).digest('hex');
}

type HoldRow = typeof simulatedHolds.$inferSelect;
type MethodRow = typeof simulatedPaymentMethods.$inferSelect;

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
  readonly holdLifetimeDays = HOLD_LIFETIME_DAYS;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Tokenizes a test card: only brand, last 4, expiry, fingerprint and its test behaviour are kept. Not saved until a hold or setup with it succeeds. */
  async createPaymentMethod(input: TestCardInput): Promise<{ id: string; brand: string; last4: string; expMonth: number; expYear: number }> {
    const row = {
      id: newId('pm'),
      ownerUserId: input.ownerUserId,
      brand: cardBrand(input.number),
      last4: input.number.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear,
      behaviour: testCardBehaviour(input.number),
      fingerprint: cardFingerprint(input.number),
    };
    await this.db.insert(simulatedPaymentMethods).values(row);
    return { id: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
  }

  /**
   * Completes the simulated 3-D Secure step of a hold, as the customer's bank would.
   * @throws PaymentMethodNotFoundError when the secret is unknown or the hold is someone else's
   */
  async authenticate(clientSecret: string, userId: string): Promise<void> {
    const id = clientSecret.endsWith(SECRET_SUFFIX) ? clientSecret.slice(0, -SECRET_SUFFIX.length) : '';
    const [row] = await this.db
      .select({ hold: simulatedHolds, method: simulatedPaymentMethods })
      .from(simulatedHolds)
      .innerJoin(simulatedPaymentMethods, eq(simulatedPaymentMethods.id, simulatedHolds.paymentMethodId))
      .where(eq(simulatedHolds.id, id));
    if (!row || row.method.ownerUserId !== userId) throw new PaymentMethodNotFoundError();
    if (row.hold.status === 'requires_action') {
      await this.db
        .update(simulatedHolds)
        .set({ status: 'requires_capture', captureBefore: this.expiryFrom(this.now()), updatedAt: this.now() })
        .where(eq(simulatedHolds.id, id));
    }
  }

  async placeHold(input: PlaceHoldInput): Promise<Hold> {
    const method = await this.ownedMethod(input.customerId, input.paymentMethodId);
    // A key seen before answers its first hold, as Stripe replays: the insert claims the key,
    // and only a conflict reads the hold already there (one statement for a new key).
    const behaviour = method.behaviour;
    const declined = behaviour === 'decline' || behaviour === 'insufficient_funds' || (behaviour === 'authenticate' && input.offSession);
    const status = declined ? 'failed' : behaviour === 'authenticate' ? 'requires_action' : 'requires_capture';
    const [hold] = await this.db
      .insert(simulatedHolds)
      .values({
        id: newId('pi'),
        idempotencyKey: input.idempotencyKey,
        paymentMethodId: method.id,
        amountCents: input.amountCents,
        status,
        captureBefore: status === 'requires_capture' ? this.expiryFrom(this.now()) : null,
        metadata: input.metadata,
        createdAt: this.now(),
      })
      .onConflictDoNothing({ target: simulatedHolds.idempotencyKey })
      .returning();
    return this.holdResult(hold ?? (await this.holdByKey(input.idempotencyKey))!, method);
  }

  /**
   * Saves the card of a successful hold or setup for its owner, once per fingerprint: under a lock
   * on (owner, fingerprint), an already saved card with the same number is kept (with the newer
   * expiry of the two) and returned instead; otherwise this one is attached. Concurrent first uses
   * of the same number therefore save one card.
   */
  private async keepSaved(method: MethodRow): Promise<MethodRow> {
    if (method.attachedAt) return method;
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`simulated-card:${method.ownerUserId}:${method.fingerprint ?? method.id}`}))`);
      const [fresh] = await tx.select().from(simulatedPaymentMethods).where(eq(simulatedPaymentMethods.id, method.id)).for('update');
      if (!fresh || fresh.attachedAt) return fresh ?? method;
      const [saved] = fresh.fingerprint
        ? await tx
            .select()
            .from(simulatedPaymentMethods)
            .where(
              and(
                eq(simulatedPaymentMethods.ownerUserId, fresh.ownerUserId),
                eq(simulatedPaymentMethods.fingerprint, fresh.fingerprint),
                ne(simulatedPaymentMethods.id, fresh.id),
                isNotNull(simulatedPaymentMethods.attachedAt),
                isNull(simulatedPaymentMethods.detachedAt),
              ),
            )
            .orderBy(asc(simulatedPaymentMethods.attachedAt), asc(simulatedPaymentMethods.id))
            .limit(1)
            .for('update')
        : [];
      if (!saved) {
        const [attached] = await tx.update(simulatedPaymentMethods).set({ attachedAt: this.now() }).where(eq(simulatedPaymentMethods.id, fresh.id)).returning();
        return attached!;
      }
      const newer = fresh.expYear * 12 + fresh.expMonth > saved.expYear * 12 + saved.expMonth;
      if (!newer) return saved;
      const [updated] = await tx
        .update(simulatedPaymentMethods)
        .set({ expMonth: fresh.expMonth, expYear: fresh.expYear })
        .where(eq(simulatedPaymentMethods.id, saved.id))
        .returning();
      return updated!;
    });
  }

  async saveCard(input: { customerId: string; customerEmail: string; paymentMethodId: string; idempotencyKey: string }): Promise<{ paymentMethodId: string; card: CardSummary }> {
    const method = await this.ownedMethod(input.customerId, input.paymentMethodId);
    if (method.behaviour === 'decline' || method.behaviour === 'insufficient_funds') {
      const decline = DECLINE_MESSAGES[method.behaviour];
      throw new CardDeclinedError(decline.message, decline.code);
    }
    const saved = await this.keepSaved(method);
    return { paymentMethodId: saved.id, card: { brand: saved.brand, last4: saved.last4 } };
  }

  async capture(input: { reference: string; amountCents: number; idempotencyKey: string }): Promise<{ capturedCents: number }> {
    return this.once(input.idempotencyKey, async (tx) => {
      const hold = await this.lockHold(tx, input.reference);
      if (this.isExpired(hold)) throw new HoldExpiredError(hold.id);
      if (hold.status === 'succeeded') return { capturedCents: hold.capturedCents };
      if (hold.status !== 'requires_capture') throw new InvalidPaymentOperationError(`cannot capture a ${hold.status} hold`);
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new InvalidPaymentOperationError('amount_to_capture must be a positive integer');
      if (input.amountCents > hold.amountCents) throw new InvalidPaymentOperationError('amount_to_capture exceeds the hold');
      await tx.update(simulatedHolds).set({ status: 'succeeded', capturedCents: input.amountCents, updatedAt: this.now() }).where(eq(simulatedHolds.id, hold.id));
      return { capturedCents: input.amountCents };
    });
  }

  async chargeOffSession(input: { customerId: string; paymentMethodId: string; amountCents: number; idempotencyKey: string; metadata: Record<string, string> }): Promise<{ reference: string; amountCents: number }> {
    const method = await this.ownedMethod(input.customerId, input.paymentMethodId);
    const existing = await this.holdByKey(input.idempotencyKey);
    if (existing) {
      if (existing.status === 'failed') this.throwDecline(method);
      return { reference: existing.id, amountCents: existing.capturedCents };
    }
    const failed = method.behaviour !== 'approve';
    await this.db
      .insert(simulatedHolds)
      .values({
        id: newId('pi'),
        idempotencyKey: input.idempotencyKey,
        paymentMethodId: method.id,
        amountCents: input.amountCents,
        capturedCents: failed ? 0 : input.amountCents,
        status: failed ? 'failed' : 'succeeded',
        kind: 'charge',
        metadata: input.metadata,
        createdAt: this.now(),
      })
      .onConflictDoNothing({ target: simulatedHolds.idempotencyKey });
    return this.chargeOffSession(input);
  }

  async voidHold(input: { reference: string; idempotencyKey: string; reason: VoidReason }): Promise<void> {
    await this.once(input.idempotencyKey, async (tx) => {
      const hold = await this.lockHold(tx, input.reference);
      if (hold.status === 'canceled') return { voided: true };
      if (hold.status !== 'requires_capture' && hold.status !== 'requires_action') throw new InvalidPaymentOperationError(`cannot void a ${hold.status} hold`);
      await tx.update(simulatedHolds).set({ status: 'canceled', updatedAt: this.now() }).where(eq(simulatedHolds.id, hold.id));
      return { voided: true };
    });
  }

  async refund(input: { reference: string; amountCents: number; idempotencyKey: string; reason: string }): Promise<{ refundReference: string; amountCents: number }> {
    return this.once(input.idempotencyKey, async (tx) => {
      const hold = await this.lockHold(tx, input.reference);
      if (hold.status !== 'succeeded') throw new InvalidPaymentOperationError('only captured payments can be refunded');
      if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) throw new InvalidPaymentOperationError('refund amount must be positive');
      if (hold.refundedCents + input.amountCents > hold.capturedCents) throw new InvalidPaymentOperationError('refund exceeds the captured amount');
      await tx.update(simulatedHolds).set({ refundedCents: hold.refundedCents + input.amountCents, updatedAt: this.now() }).where(eq(simulatedHolds.id, hold.id));
      return { refundReference: newId('re'), amountCents: input.amountCents };
    });
  }

  /** The user's saved test cards (attached, not removed), newest first. */
  async listSavedCards(customerId: string): Promise<SavedCard[]> {
    const rows = await this.db
      .select()
      .from(simulatedPaymentMethods)
      .where(and(eq(simulatedPaymentMethods.ownerUserId, customerId), isNotNull(simulatedPaymentMethods.attachedAt), isNull(simulatedPaymentMethods.detachedAt)))
      .orderBy(desc(simulatedPaymentMethods.createdAt), desc(simulatedPaymentMethods.id));
    return rows.map((row) => ({ paymentMethodId: row.id, brand: row.brand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear }));
  }

  /**
   * Marks the user's test card removed (kept for the holds that refer to it).
   * @throws PaymentMethodNotFoundError when it is unknown, already removed or someone else's
   */
  async removeSavedCard(customerId: string, paymentMethodId: string): Promise<void> {
    const removed = await this.db
      .update(simulatedPaymentMethods)
      .set({ detachedAt: this.now() })
      .where(
        and(
          eq(simulatedPaymentMethods.id, paymentMethodId),
          eq(simulatedPaymentMethods.ownerUserId, customerId),
          isNotNull(simulatedPaymentMethods.attachedAt),
          isNull(simulatedPaymentMethods.detachedAt),
        ),
      )
      .returning({ id: simulatedPaymentMethods.id });
    if (removed.length === 0) throw new PaymentMethodNotFoundError();
  }

  async getPayment(reference: string): Promise<GatewayPayment> {
    return this.toGatewayPayment(await this.findHold(reference));
  }

  async listPaymentsSince(since: Date): Promise<GatewayPayment[]> {
    const rows = await this.db.select().from(simulatedHolds).where(and(gte(simulatedHolds.createdAt, since), inArray(simulatedHolds.kind, ['hold', 'charge'])));
    return rows.map((row) => this.toGatewayPayment(row));
  }

  private toGatewayPayment(row: HoldRow): GatewayPayment {
    return {
      reference: row.id,
      status: this.isExpired(row) ? 'expired' : (row.status as GatewayPayment['status']),
      amountCents: row.amountCents,
      capturedCents: row.capturedCents,
      refundedCents: row.refundedCents,
      captureBefore: row.captureBefore,
      metadata: row.metadata,
      createdAt: row.createdAt,
    };
  }

  private expiryFrom(at: Date): Date {
    return new Date(at.getTime() + HOLD_LIFETIME_DAYS * 24 * 60 * 60_000);
  }

  private isExpired(hold: HoldRow): boolean {
    return hold.status === 'requires_capture' && hold.captureBefore !== null && this.now().getTime() > hold.captureBefore.getTime();
  }

  /** A successful hold saves its card (keepSaved) and reports the saved one. */
  private async holdResult(hold: HoldRow, method: MethodRow): Promise<Hold> {
    if (hold.status === 'failed') this.throwDecline(method);
    if (hold.status !== 'requires_capture' && hold.status !== 'requires_action') throw new InvalidPaymentOperationError(`this hold is ${hold.status}; place a new one`);
    if (hold.status === 'requires_action') throw new AuthenticationRequiredError(`${hold.id}${SECRET_SUFFIX}`, hold.id);
    const saved = await this.keepSaved(method);
    return {
      reference: hold.id,
      amountCents: hold.amountCents,
      card: { brand: saved.brand, last4: saved.last4 },
      paymentMethodId: saved.id,
      captureBefore: hold.captureBefore ?? this.expiryFrom(hold.createdAt),
    };
  }

  private throwDecline(method: MethodRow): never {
    if (method.behaviour === 'authenticate') throw new CardDeclinedError('This payment requires authentication.', 'authentication_required');
    throw new CardDeclinedError(DECLINE_MESSAGES[method.behaviour === 'insufficient_funds' ? 'insufficient_funds' : 'decline'].message, method.behaviour);
  }

  private async ownedMethod(customerId: string, paymentMethodId: string): Promise<MethodRow> {
    const [method] = await this.db.select().from(simulatedPaymentMethods).where(eq(simulatedPaymentMethods.id, paymentMethodId));
    if (!method || method.ownerUserId !== customerId || method.detachedAt) throw new PaymentMethodNotFoundError();
    return method;
  }

  private async holdByKey(key: string): Promise<HoldRow | null> {
    const [row] = await this.db.select().from(simulatedHolds).where(eq(simulatedHolds.idempotencyKey, key));
    return row ?? null;
  }

  private async findHold(reference: string): Promise<HoldRow> {
    const [hold] = await this.db.select().from(simulatedHolds).where(eq(simulatedHolds.id, reference));
    if (!hold) throw new InvalidPaymentOperationError(`no payment ${reference}`);
    return hold;
  }

  /** Reads a hold and locks its row until the transaction ends. */
  private async lockHold(tx: Transaction, reference: string): Promise<HoldRow> {
    const [hold] = await tx.select().from(simulatedHolds).where(eq(simulatedHolds.id, reference)).for('update');
    if (!hold) throw new InvalidPaymentOperationError(`no payment ${reference}`);
    return hold;
  }

  /**
   * Runs an operation once per idempotency key, in one transaction: the key's row is inserted
   * first, so a concurrent call with the same key waits for this one to commit and then replays
   * the stored result (or runs itself, if this one failed and rolled back).
   */
  private async once<T extends object>(key: string, operation: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      const claimed = await tx.insert(simulatedOperations).values({ idempotencyKey: key, result: {} }).onConflictDoNothing().returning({ key: simulatedOperations.idempotencyKey });
      if (claimed.length === 0) {
        const [done] = await tx.select().from(simulatedOperations).where(eq(simulatedOperations.idempotencyKey, key));
        return done!.result as T;
      }
      const result = await operation(tx);
      await tx.update(simulatedOperations).set({ result }).where(eq(simulatedOperations.idempotencyKey, key));
      return result;
    });
  }
}
