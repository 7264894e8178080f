/**
 * Our record of each booking's payment (the hold and what became of it), and the simulated
 * gateway's own store. Card data stops at brand and last 4; full numbers never reach the
 * database.
 */
import { integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PAYMENT_STATUSES } from '../../../domain/booking-status';
import { user } from './auth';
import { bookings } from './bookings';

export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);

export const payments = pgTable('payments', {
  id: uuid('id').primaryKey().defaultRandom(),
  bookingId: uuid('booking_id').notNull().unique().references(() => bookings.id, { onDelete: 'cascade' }),
  gateway: text('gateway').notNull(),
  /** The gateway's id of the hold (a PaymentIntent id on Stripe). */
  gatewayReference: text('gateway_reference').notNull().unique(),
  status: paymentStatus('status').notNull(),
  amountHeldCents: integer('amount_held_cents').notNull(),
  amountCapturedCents: integer('amount_captured_cents').notNull().default(0),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Simulated gateway: tokenized test cards (brand, last 4, expiry and the test behaviour only). */
export const simulatedPaymentMethods = pgTable('simulated_payment_methods', {
  id: text('id').primaryKey(),
  ownerUserId: text('owner_user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  /** What this test card does when charged: approve or decline. */
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Simulated gateway: holds (authorizations) and what was captured, voided or refunded. */
export const simulatedHolds = pgTable('simulated_holds', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  paymentMethodId: text('payment_method_id').notNull().references(() => simulatedPaymentMethods.id),
  amountCents: integer('amount_cents').notNull(),
  capturedCents: integer('captured_cents').notNull().default(0),
  refundedCents: integer('refunded_cents').notNull().default(0),
  status: text('status').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
