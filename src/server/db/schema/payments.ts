/**
 * Our record of each booking's payment (the hold and what became of it), and the simulated
 * gateway's own store. Card data stops at brand and last 4; full numbers never reach the
 * database.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { databaseNow } from '../clock';
import { PAYMENT_STATUSES } from '../../../domain/booking-status';
import { LEDGER_KINDS } from '../../../domain/ledger';
import { user } from './auth';
import { bookings } from './bookings';
import { appRole } from './people';

export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id').notNull().unique().references(() => bookings.id, { onDelete: 'cascade' }),
  gateway: text('gateway').notNull(),
  /** The gateway's id of the hold (a PaymentIntent id on Stripe); null while only the card is saved. */
  gatewayReference: text('gateway_reference').unique(),
  /** The saved card, reusable off-session (extra charges, deferred holds). */
  paymentMethodRef: text('payment_method_ref'),
  /** When the hold lapses if not captured. */
  captureBefore: timestamp('capture_before', { withTimezone: true }),
  /** The off-session charge for an amount above the hold, if any. */
  extraChargeReference: text('extra_charge_reference'),
  amountExtraChargedCents: integer('amount_extra_charged_cents').notNull().default(0),
  /** When a deferred hold first failed (the booking becomes payment_failed after a grace period). */
  holdFailedAt: timestamp('hold_failed_at', { withTimezone: true }),
  status: paymentStatus('status').notNull(),
  amountHeldCents: integer('amount_held_cents').notNull(),
  amountCapturedCents: integer('amount_captured_cents').notNull().default(0),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

/**
 * Simulated gateway: tokenized test cards (brand, last 4, expiry, a keyed fingerprint of the
 * number and the test behaviour only). A card is a saved card of its owner only once attached
 * (after a successful hold or setup, issue #14) and until detached; one attached card per owner
 * and fingerprint.
 */
export const simulatedPaymentMethods = pgTable(
  'simulated_payment_methods',
  {
    id: text('id').primaryKey(),
    ownerUserId: text('owner_user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    /** What this test card does when charged: approve or decline. */
    behaviour: text('behaviour').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the customer removed the card (Stripe: detached). It is kept because holds refer to it,
     * but it is no longer listed and can no longer be charged.
     */
    detachedAt: timestamp('detached_at', { withTimezone: true }),
    /** HMAC-SHA256 of the card number (simulated-gateway.ts cardFingerprint); the same card typed twice has the same one. Null on cards tokenized before issue #14. */
    fingerprint: text('fingerprint'),
    /** When a successful hold or setup saved the card for its owner (Stripe: attached to the Customer); null while it is only a token. */
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('simulated_payment_methods_one_saved_per_fingerprint')
      .on(table.ownerUserId, table.fingerprint)
      .where(sql`${table.attachedAt} is not null and ${table.detachedAt} is null`),
  ],
);

/** Simulated gateway: holds (authorizations) and what was captured, voided or refunded. */
export const simulatedHolds = pgTable('simulated_holds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentMethodId: text('payment_method_id').notNull().references(() => simulatedPaymentMethods.id),
  amountCents: integer('amount_cents').notNull(),
  capturedCents: integer('captured_cents').notNull().default(0),
  refundedCents: integer('refunded_cents').notNull().default(0),
  /** requires_action | requires_capture | succeeded | canceled | failed (expiry is derived from capture_before). */
  status: text('status').notNull(),
  captureBefore: timestamp('capture_before', { withTimezone: true }),
  /** hold (authorization) or charge (off-session, captured at once). */
  kind: text('kind').notNull().default('hold'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

export const ledgerKind = pgEnum('ledger_kind', LEDGER_KINDS);

/**
 * Every money movement, append-only. A booking's paid total is
 * captured + fee_captured + extra_charge - refunded (src/domain/ledger.ts). hold_placed,
 * hold_expired and voided record authorizations, which move no money.
 */
export const paymentLedger = pgTable(
  'payment_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    kind: ledgerKind('kind').notNull(),
    amountCents: integer('amount_cents').notNull(),
    gatewayReference: text('gateway_reference'),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorRole: appRole('actor_role'),
    reason: text('reason'),
    /** The operation's idempotency key: one ledger row per operation, however often it is retried. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payment_ledger_booking_idx').on(t.bookingId, t.createdAt)],
);

/** Our user -> the gateway's customer object (Stripe Customer). */
export const gatewayCustomers = pgTable(
  'gateway_customers',
  {
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    customerRef: text('customer_ref').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gateway] })],
);

/** Webhook events already handled (idempotency by event id). */
export const gatewayEvents = pgTable('gateway_events', {
  eventId: text('event_id').primaryKey(),
  gateway: text('gateway').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Differences the reconciliation job found between our records and the gateway's. */
export const reconciliationFindings = pgTable('reconciliation_findings', {
  id: uuid('id').primaryKey().defaultRandom(),
  gatewayReference: text('gateway_reference').notNull(),
  bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
  /** amount_mismatch | status_mismatch | orphan_hold_voided | missing_at_gateway */
  kind: text('kind').notNull(),
  oursCents: integer('ours_cents'),
  gatewayCents: integer('gateway_cents'),
  detail: jsonb('detail'),
  resolved: boolean('resolved').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Money operations (issue #9): the intent of every money movement on a booking, recorded under
 * the booking's row lock BEFORE the gateway is called, then settled with the outcome. `steps`
 * are the gateway calls in order, each with its own gateway idempotency key, so a crash or a
 * timeout in between is finished later by calling again with the same keys
 * (src/server/modules/payments/money-operations.ts). While an operation other than a refund is
 * pending, its id is on the booking (`bookings.money_operation_id`) and no other change of the
 * booking's state or money may start.
 */
export const moneyOperations = pgTable(
  'money_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    /** complete | approve_final | cancel | no_show | refund | deferred_hold */
    purpose: text('purpose').notNull(),
    /** pending | succeeded | failed */
    status: text('status').notNull(),
    /** The gateway calls, in order: { kind, gatewayKey, ...input }. */
    steps: jsonb('steps').$type<unknown[]>().notNull(),
    /** What settling needs besides the outcomes (the final quote, the policy tier, the reason). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** The outcomes of the steps that ran, and the error that stopped the rest. */
    outcomes: jsonb('outcomes').$type<unknown[]>(),
    errorCode: text('error_code'),
    /** The API request that started it (caller and Idempotency-Key), so its retry finds it. */
    requestKey: text('request_key').unique(),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorRole: appRole('actor_role'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('money_operations_pending_idx').on(t.status, t.createdAt), index('money_operations_booking_idx').on(t.bookingId)],
);

/** Simulated gateway: results of idempotent operations (capture, void, refund, charge), by key. */
export const simulatedOperations = pgTable('simulated_operations', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  result: jsonb('result').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
