/**
 * The everyday-experience tables (issue #14): customer reviews of completed jobs, tips, job
 * photos taken by the worker, and the reminders already sent (so each goes out exactly once,
 * however many server processes run and however often they restart). Money in integer cents.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { databaseNow } from '../clock';
import { user } from './auth';
import { bookings, uploads } from './bookings';

/**
 * One review per booking, by its customer, 1-5 stars with an optional comment. An admin may hide
 * an abusive one (`hidden_at`); a hidden review no longer counts in the worker's average.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').references(() => user.id, { onDelete: 'set null' }),
    /** The worker who did the job (null once their account is gone). */
    workerId: text('worker_id').references(() => user.id, { onDelete: 'set null' }),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: text('hidden_by').references(() => user.id, { onDelete: 'set null' }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    uniqueIndex('reviews_booking_unique').on(t.bookingId),
    index('reviews_worker_idx').on(t.workerId),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * One tip per booking, charged off-session on the saved card (100% to the worker). `status`:
 * `pending` (intent recorded, gateway called), `succeeded`, `failed` (the customer may try again,
 * which reuses the row with a new idempotency key).
 */
export const tips = pgTable(
  'tips',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    customerId: text('customer_id').references(() => user.id, { onDelete: 'set null' }),
    workerId: text('worker_id').references(() => user.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    /** The gateway's id of the charge (a PaymentIntent id on Stripe). */
    gatewayReference: text('gateway_reference'),
    /** The gateway idempotency key of the current attempt. */
    idempotencyKey: text('idempotency_key').notNull(),
    failureCode: text('failure_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
  },
  (t) => [
    uniqueIndex('tips_booking_unique').on(t.bookingId),
    index('tips_worker_idx').on(t.workerId, t.createdAt),
    check('tips_amount_positive', sql`${t.amountCents} > 0`),
  ],
);

/** Before/after photos a worker attaches when starting and completing a job (same upload rules as booking photos). */
export const jobPhotos = pgTable(
  'job_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    uploadId: uuid('upload_id').notNull().references(() => uploads.id),
    /** `before` (at start) or `after` (at completion). */
    phase: text('phase').notNull(),
    workerId: text('worker_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_photos_booking_idx').on(t.bookingId, t.createdAt),
    uniqueIndex('job_photos_upload_unique').on(t.uploadId),
    check('job_photos_phase', sql`${t.phase} in ('before', 'after')`),
  ],
);

/**
 * Reminders already sent: one row per (kind, subject). The subject names what the reminder is
 * about, including the start it announced (`<bookingId>@<scheduledStart ISO>` for a customer,
 * `<workerId>@<Tampa date>` for a worker's next-day list), so a rescheduled job is reminded again
 * and a restart never sends twice: the row is inserted (on conflict do nothing) before sending.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reminder_sends_kind_subject_unique').on(t.kind, t.subject), index('reminder_sends_booking_idx').on(t.bookingId)],
);
