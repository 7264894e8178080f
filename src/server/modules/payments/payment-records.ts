/**
 * Our records of money movements, kept in step with the gateway. Each function writes one
 * append-only ledger row under a deterministic idempotency key and updates the booking's
 * `payments` row only when that row is new — so the same movement reported twice (our own call
 * and then the webhook, or a webhook replay) changes nothing the second time.
 *
 * Ledger keys: `hold:<booking>`, `capture:<booking>`, `extra:<booking>`, `void:<booking>`,
 * `expired:<booking>`, `refund:<gateway refund id>`. Run inside the caller's transaction.
 */
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PaymentStatus } from '../../../domain/booking-status';
import type { LedgerEntry as DomainLedgerEntry } from '../../../domain/ledger';
import type { Database, Transaction } from '../../db/client';
import { paymentLedger, payments } from '../../db/schema';
import { SYSTEM_ACTOR, type Actor } from '../../lib/request-context';

type Db = Database | Transaction;
export type PaymentRow = typeof payments.$inferSelect;


type LedgerEntry = { bookingId: string; kind: (typeof paymentLedger.$inferInsert)['kind']; amountCents: number; gatewayReference: string | null; actor: Actor; reason?: string | null; idempotencyKey: string };

function ledgerRow(entry: LedgerEntry): typeof paymentLedger.$inferInsert {
  return {
    bookingId: entry.bookingId,
    kind: entry.kind,
    amountCents: entry.amountCents,
    gatewayReference: entry.gatewayReference,
    actorUserId: entry.actor.userId,
    actorRole: entry.actor.role,
    reason: entry.reason ?? null,
    idempotencyKey: entry.idempotencyKey,
  };
}

async function appendLedger(db: Db, entry: LedgerEntry): Promise<boolean> {
  const inserted = await db.insert(paymentLedger).values(ledgerRow(entry)).onConflictDoNothing({ target: paymentLedger.idempotencyKey }).returning({ id: paymentLedger.id });
  return inserted.length > 0;
}

type PlacedHold = { reference: string; amountCents: number; captureBefore: Date | null };

/** The ledger entry of a placed hold: one per booking (`hold:<booking>`). */
const holdPlacedEntry = (bookingId: string, hold: PlacedHold, actor: Actor): LedgerEntry => ({
  bookingId,
  kind: 'hold_placed',
  amountCents: hold.amountCents,
  gatewayReference: hold.reference,
  actor,
  idempotencyKey: `hold:${bookingId}`,
});

/** What a placed hold makes of the payment row. */
const authorizedColumns = (hold: PlacedHold) => ({ status: 'authorized' as const, gatewayReference: hold.reference, amountHeldCents: hold.amountCents, captureBefore: hold.captureBefore, holdFailedAt: null });

export async function findPaymentByReference(db: Db, reference: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.gatewayReference, reference));
  if (row) return row;
  const [extra] = await db.select().from(payments).where(eq(payments.extraChargeReference, reference));
  return extra ?? null;
}

export async function findPaymentByBooking(db: Db, bookingId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
  return row ?? null;
}

async function setStatus(db: Db, paymentId: string, status: PaymentStatus, extra: Partial<typeof payments.$inferInsert> = {}) {
  await db.update(payments).set({ status, ...extra }).where(eq(payments.id, paymentId));
}

/**
 * The payment of a booking being created, as CTEs of the booking's own insert (issue #16,
 * docs/decisions/050-fewer-statements-per-booking.md; before it, decisions 040, 044 and
 * 048 made it one statement of its own): with a placed hold, the row already 'authorized' and the
 * ledger's first entry (`hold:<booking>`); with a card saved for a deferred hold, the row
 * 'card_saved' and no ledger entry. The same rows as inserting a 'card_saved' payment and then
 * recordHoldPlaced; no earlier row can exist for a booking inserted by the same statement, so
 * recordHoldPlaced's duplicate check has nothing to find.
 *
 * Every value is a placeholder (named by NewBookingPaymentValues' keys, the booking's id as
 * `id`): the statement is built once per process. The booking's insert returns the payment row
 * as JSON (`PAYMENT_AS_JSON`), which `bookingPaymentFromJson` decodes.
 * @param withHold whether the ledger entry's CTE is part of it
 */
export function newBookingPaymentCtes(db: Db, withHold: boolean) {
  const value = sql.placeholder;
  const payment = db.$with('new_payment').as(
    db
      .insert(payments)
      .values({
        bookingId: value('id'),
        gateway: value('paymentGateway'),
        paymentMethodRef: value('paymentMethodRef'),
        cardBrand: value('cardBrand'),
        cardLast4: value('cardLast4'),
        status: value('paymentStatus'),
        gatewayReference: value('gatewayReference'),
        amountHeldCents: value('amountHeldCents'),
        captureBefore: value('captureBefore'),
        holdFailedAt: null,
      } as unknown as typeof payments.$inferInsert)
      .returning(),
  );
  if (!withHold) return [payment];
  const holdEntry = db.$with('hold_entry').as(
    db.insert(paymentLedger).values({
      bookingId: value('id'),
      kind: value('ledgerKind'),
      amountCents: value('ledgerCents'),
      gatewayReference: value('ledgerReference'),
      actorUserId: value('actorUserId'),
      actorRole: value('actorRole'),
      reason: null,
      idempotencyKey: value('ledgerKey'),
    } as unknown as typeof paymentLedger.$inferInsert),
  );
  return [payment, holdEntry];
}

/** The returned column of the booking's insert that carries its new payment row (`newBookingPaymentCtes`). */
export const PAYMENT_AS_JSON = sql<Record<string, unknown>>`(select row_to_json(p) from new_payment p)`.as('new_payment');

/** The placeholders' values of newBookingPaymentCtes (the booking's id comes with the booking's values). */
export type NewBookingPaymentValues = {
  paymentGateway: string;
  paymentMethodRef: string;
  cardBrand: string;
  cardLast4: string;
  paymentStatus: 'authorized' | 'card_saved';
  gatewayReference: string | null;
  amountHeldCents: number;
  captureBefore: Date | null;
  /** The ledger entry's columns (holdPlacedEntry); null without a hold. */
  ledgerKind: LedgerEntry['kind'] | null;
  ledgerCents: number | null;
  ledgerReference: string | null;
  actorUserId: string | null;
  actorRole: Actor['role'] | null;
  ledgerKey: string | null;
};

/**
 * The values of a new booking's payment (newBookingPaymentCtes) and the ledger entries it writes.
 * @param payment the gateway's name, the saved card's reference and its brand and last 4
 * @param hold the hold placed before the transaction (amount in cents), or null when deferred
 */
export function newBookingPayment(
  bookingId: string,
  payment: { gateway: string; paymentMethodRef: string; card: { brand: string; last4: string } },
  hold: PlacedHold | null,
  actor: Actor,
): { values: NewBookingPaymentValues; ledger: DomainLedgerEntry[] } {
  const card = { paymentGateway: payment.gateway, paymentMethodRef: payment.paymentMethodRef, cardBrand: payment.card.brand, cardLast4: payment.card.last4 };
  const noEntry = { ledgerKind: null, ledgerCents: null, ledgerReference: null, actorUserId: null, actorRole: null, ledgerKey: null };
  if (!hold) {
    return { values: { ...card, paymentStatus: 'card_saved', gatewayReference: null, amountHeldCents: 0, captureBefore: null, ...noEntry }, ledger: [] };
  }
  // The same row and entry as recordHoldPlaced writes for a hold placed later.
  const { status, gatewayReference, amountHeldCents, captureBefore } = authorizedColumns(hold);
  const entry = ledgerRow(holdPlacedEntry(bookingId, hold, actor));
  return {
    values: {
      ...card,
      paymentStatus: status,
      gatewayReference,
      amountHeldCents,
      captureBefore,
      ledgerKind: entry.kind,
      ledgerCents: entry.amountCents,
      ledgerReference: entry.gatewayReference ?? null,
      actorUserId: entry.actorUserId ?? null,
      actorRole: entry.actorRole ?? null,
      ledgerKey: entry.idempotencyKey,
    },
    ledger: [{ kind: entry.kind, amountCents: entry.amountCents }],
  };
}

const paymentColumns = Object.entries(getTableColumns(payments));

/**
 * The payment row from the JSON the booking's insert returned (`PAYMENT_AS_JSON`), each column
 * through its own decoder as a select would give it.
 * @throws Error when the statement returned no payment
 */
export function bookingPaymentFromJson(json: Record<string, unknown> | null | undefined): PaymentRow {
  if (!json) throw new Error('the booking was written without its payment');
  const row: Record<string, unknown> = {};
  for (const [key, column] of paymentColumns) {
    const raw = json[column.name];
    row[key] = raw === null || raw === undefined ? null : column.mapFromDriverValue(raw);
  }
  return row as PaymentRow;
}

/** A hold was authorized (at booking, after 3-D Secure, or a deferred hold placed later). */
export async function recordHoldPlaced(db: Db, payment: PaymentRow, hold: PlacedHold & { paymentMethodId?: string }, actor: Actor) {
  const isNew = await appendLedger(db, holdPlacedEntry(payment.bookingId, hold, actor));
  if (isNew) {
    const { status, ...columns } = authorizedColumns(hold);
    await setStatus(db, payment.id, status, { ...columns, ...(hold.paymentMethodId ? { paymentMethodRef: hold.paymentMethodId } : {}) });
  }
  return isNew;
}

/** Money was captured from the hold: the job's final amount, a cancellation fee, or a no-show. */
export async function recordCaptured(db: Db, payment: PaymentRow, capturedCents: number, actor: Actor, options: { fee?: boolean; reason?: string } = {}) {
  const isNew = await appendLedger(db, {
    bookingId: payment.bookingId,
    kind: options.fee ? 'fee_captured' : 'captured',
    amountCents: capturedCents,
    gatewayReference: payment.gatewayReference,
    actor,
    reason: options.reason,
    idempotencyKey: `capture:${payment.bookingId}`,
  });
  if (isNew) await setStatus(db, payment.id, 'captured', { amountCapturedCents: capturedCents });
  return isNew;
}

/** An amount above the hold was charged off-session to the saved card. */
export async function recordExtraCharge(db: Db, payment: PaymentRow, charge: { reference: string; amountCents: number }, actor: Actor, reason?: string) {
  const isNew = await appendLedger(db, { bookingId: payment.bookingId, kind: 'extra_charge', amountCents: charge.amountCents, gatewayReference: charge.reference, actor, reason, idempotencyKey: `extra:${payment.bookingId}` });
  if (isNew) {
    await db
      .update(payments)
      .set({ extraChargeReference: charge.reference, amountExtraChargedCents: charge.amountCents })
      .where(eq(payments.id, payment.id));
  }
  return isNew;
}

/** The whole hold was released; nothing was charged. */
export async function recordVoided(db: Db, payment: PaymentRow, actor: Actor, reason?: string) {
  const isNew = await appendLedger(db, { bookingId: payment.bookingId, kind: 'voided', amountCents: payment.amountHeldCents, gatewayReference: payment.gatewayReference, actor, reason, idempotencyKey: `void:${payment.bookingId}` });
  if (isNew) await setStatus(db, payment.id, 'voided');
  return isNew;
}

/** The hold lapsed before capture (Stripe cancels it automatically). */
export async function recordExpired(db: Db, payment: PaymentRow) {
  const isNew = await appendLedger(db, { bookingId: payment.bookingId, kind: 'hold_expired', amountCents: payment.amountHeldCents, gatewayReference: payment.gatewayReference, actor: SYSTEM_ACTOR, idempotencyKey: `expired:${payment.bookingId}` });
  if (isNew) await setStatus(db, payment.id, 'expired');
  return isNew;
}

/** Money went back to the card. Keyed by the gateway's refund id. */
export async function recordRefund(db: Db, payment: PaymentRow, refund: { refundReference: string; amountCents: number }, actor: Actor, reason?: string) {
  const isNew = await appendLedger(db, { bookingId: payment.bookingId, kind: 'refunded', amountCents: refund.amountCents, gatewayReference: refund.refundReference, actor, reason, idempotencyKey: `refund:${refund.refundReference}` });
  if (isNew) {
    const [updated] = await db
      .update(payments)
      .set({ amountRefundedCents: sql`${payments.amountRefundedCents} + ${refund.amountCents}` })
      .where(eq(payments.id, payment.id))
      .returning();
    const taken = updated!.amountCapturedCents + updated!.amountExtraChargedCents;
    await setStatus(db, payment.id, updated!.amountRefundedCents >= taken ? 'refunded' : 'partially_refunded');
  }
  return isNew;
}

/** A deferred (off-session) hold failed; the booking gets a grace period before payment_failed. */
export async function recordHoldFailed(db: Db, payment: PaymentRow, at: Date) {
  if (payment.holdFailedAt) return false;
  await db.update(payments).set({ holdFailedAt: at }).where(eq(payments.id, payment.id));
  return true;
}

/** What one gateway call of a money operation did (src/server/modules/payments/money-operations.ts). */
export type RecordedOutcome =
  | { kind: 'capture'; reference: string; capturedCents: number }
  | { kind: 'expired'; reference: string }
  | { kind: 'void'; reference: string }
  | { kind: 'charge'; reference: string; amountCents: number }
  | { kind: 'refund'; refundReference: string; amountCents: number }
  | { kind: 'hold'; reference: string; amountCents: number; captureBefore: string; paymentMethodId: string };

/**
 * Records the outcomes of a money operation's gateway calls, in order, each under its ledger key
 * (so an outcome the webhook recorded first is not counted twice).
 * @param options.fee a capture is a cancellation fee or no-show charge rather than a job's final amount
 * @param options.reasons the ledger reason per kind of movement
 */
export async function recordOutcomes(
  db: Db,
  payment: PaymentRow,
  outcomes: readonly RecordedOutcome[],
  actor: Actor,
  options: { fee?: boolean; reason?: string; chargeReason?: string } = {},
): Promise<void> {
  let current = payment;
  for (const outcome of outcomes) {
    switch (outcome.kind) {
      case 'capture':
        await recordCaptured(db, current, outcome.capturedCents, actor, { fee: options.fee, reason: options.reason });
        break;
      case 'expired':
        await recordExpired(db, current);
        break;
      case 'void':
        await recordVoided(db, current, actor, options.reason);
        break;
      case 'charge':
        await recordExtraCharge(db, current, { reference: outcome.reference, amountCents: outcome.amountCents }, actor, options.chargeReason ?? options.reason);
        break;
      case 'refund':
        await recordRefund(db, current, outcome, actor, options.reason);
        break;
      case 'hold':
        await recordHoldPlaced(db, current, { reference: outcome.reference, amountCents: outcome.amountCents, captureBefore: new Date(outcome.captureBefore), paymentMethodId: outcome.paymentMethodId }, actor);
        break;
    }
    current = (await findPaymentByBooking(db, payment.bookingId)) ?? current;
  }
}
