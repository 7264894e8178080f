/**
 * Bookings, their event history, and uploaded photos. Money is integer cents; times are
 * timestamptz (UTC). Statuses follow src/domain/booking-status.ts.
 */
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { databaseNow } from '../clock';
import { BOOKING_STATUSES } from '../../../domain/booking-status';
import type { BookingOptions } from '../../../domain/booking-options';
import type { AnyBookingEventData } from '../../../domain/booking-events';
import type { LineItem } from '../../../domain/pricing';
import type { CancellationPolicy } from '../../../domain/cancellation-policy';
import { user } from './auth';
import { appRole } from './people';
import { services } from './catalog';

export const bookingStatus = pgEnum('booking_status', BOOKING_STATUSES);

/**
 * Uploaded photos (src/server/modules/uploads). The quotas count these rows; a row no booking or
 * worker application refers to 24 h after `created_at` is removed with its file.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: text('owner_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** SHA-256 of the anonymous uploader's cookie token, for photos sent before sign-in. */
    anonymousOwnerHash: text('anonymous_owner_hash'),
    /** Keyed hash of an anonymous uploader's IP address (the per-address quota); cleared when claimed. */
    uploaderIpHash: text('uploader_ip_hash'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('uploads_created_idx').on(t.createdAt),
    index('uploads_owner_created_idx').on(t.ownerUserId, t.createdAt),
    index('uploads_anonymous_owner_created_idx').on(t.anonymousOwnerHash, t.createdAt),
    index('uploads_ip_created_idx').on(t.uploaderIpHash, t.createdAt),
  ],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull().unique(),
    customerId: text('customer_id').notNull().references(() => user.id),
    serviceSlug: text('service_slug').notNull().references(() => services.slug),
    status: bookingStatus('status').notNull().default('pending'),
    options: jsonb('options').$type<BookingOptions>().notNull(),
    photoUploadId: uuid('photo_upload_id').references(() => uploads.id),
    street: text('street').notNull(),
    unit: text('unit'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    contactPhone: text('contact_phone').notNull(),
    notes: text('notes'),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }).notNull(),
    scheduledEnd: timestamp('scheduled_end', { withTimezone: true }).notNull(),
    lineItems: jsonb('line_items').$type<LineItem[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxRateBps: integer('tax_rate_bps').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    /**
     * The cancellation policy in force when the booking was made (issue #12): cancelling,
     * rescheduling and their previews use it, never a policy changed later. Null on bookings made
     * before it was stored; they follow the current settings. Prices and tax are kept by the
     * line items, the rate and the totals above.
     */
    cancellationPolicy: jsonb('cancellation_policy').$type<CancellationPolicy>(),
    /** What was finally charged for (furniture's actual hours, paint at cost), set at completion. */
    finalLineItems: jsonb('final_line_items').$type<LineItem[]>(),
    finalSubtotalCents: integer('final_subtotal_cents'),
    finalTaxCents: integer('final_tax_cents'),
    finalTotalCents: integer('final_total_cents'),
    /**
     * A final amount above the hold by more than the limit (src/domain/money-limits.ts) waits for
     * an admin: `pending` while it waits (the customer has been told why), `approved` once charged.
     */
    finalApprovalStatus: text('final_approval_status'),
    finalApprovalRequestedAt: timestamp('final_approval_requested_at', { withTimezone: true }),
    /** The money operation in flight on this booking (src/server/modules/payments/money-operations.ts), if any. */
    moneyOperationId: uuid('money_operation_id'),
    /** First contact with the customer (the 5-10 minute promise). */
    contactedAt: timestamp('contacted_at', { withTimezone: true }),
    /** The assigned worker (dispatch, issue #4). */
    workerId: text('worker_id').references(() => user.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** Expected arrival, set by the admin at assignment or by the worker when on the way. */
    etaAt: timestamp('eta_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    enRouteAt: timestamp('en_route_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The cancellation policy tier applied (grace, free, half, full, waived, no_show). */
    cancellationTier: text('cancellation_tier'),
    cancellationFeeCents: integer('cancellation_fee_cents'),
    language: text('language').notNull().default('en'),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
  },
  (t) => [
    unique('bookings_customer_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('bookings_customer_created_idx').on(t.customerId, t.createdAt),
    index('bookings_scheduled_start_idx').on(t.scheduledStart),
    index('bookings_worker_start_idx').on(t.workerId, t.scheduledStart),
    // the uploads cleanup asks "is this photo used?"; deleting an upload checks this foreign key
    index('bookings_photo_upload_idx').on(t.photoUploadId),
  ],
);

export const bookingEvents = pgTable(
  'booking_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id').notNull().references(() => bookings.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    fromStatus: bookingStatus('from_status'),
    toStatus: bookingStatus('to_status'),
    actorUserId: text('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    actorRole: appRole('actor_role'),
    amountCents: integer('amount_cents'),
    /** Free text a person wrote (a reason) or a bank's words; before `data` existed, also the facts in English. */
    note: text('note'),
    /** The event's facts by type (src/domain/booking-events.ts); null on rows written before it existed. */
    data: jsonb('data').$type<AnyBookingEventData>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a server process claimed the event's messages (the notifier, docs/decisions/043):
     * exactly one process of several renders and sends them; null before, or when the event
     * sends nothing.
     */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    index('booking_events_booking_idx').on(t.bookingId, t.createdAt),
    // The sweep of booking mail nobody sent reads the last day's events (docs/decisions/051).
    index('booking_events_created_idx').on(t.createdAt),
  ],
);
