/**
 * The customer's bookings API contract (issue #10): `/api/bookings` and its sub-routes, and the
 * live `GET /api/events` stream's message, as zod schemas shared by the routes
 * (src/server/modules/bookings/bookings.routes.ts, src/server/realtime/events.routes.ts) and the
 * web (src/web/features/booking, my-bookings; src/web/lib/live-updates.ts). The booking itself is
 * `bookingViewSchema` (booking-request.ts). Money in cents; instants as ISO-8601 strings.
 */
import { z } from 'zod';
import { bookingViewSchema } from './booking-request';
import { BOOKING_STATUSES } from './booking-status';
import { CANCELLATION_TIERS } from './cancellation-policy';
import { LEDGER_KINDS } from './ledger';

/** `GET /api/bookings`: the caller's own bookings, newest first. */
export const bookingListSchema = z.object({ bookings: z.array(bookingViewSchema) }).meta({ id: 'BookingList' });
export type BookingList = z.infer<typeof bookingListSchema>;

/**
 * `GET /api/bookings/{id}/cancellation`: what cancelling now would cost, before the customer
 * confirms (src/domain/cancellation-policy.ts cancellationOutcome), with the explanation in the
 * caller's language.
 */
export const cancellationPreviewSchema = z
  .object({
    tier: z.enum(CANCELLATION_TIERS),
    /** What cancelling costs, in cents (0 in the free tiers). */
    feeCents: z.number().int(),
    /** The part of the fee taken from the hold. */
    captureCents: z.number().int(),
    /** The part of the hold released back to the card. */
    releaseCents: z.number().int(),
    /** The part of the fee charged off-session (when no hold covers it). */
    chargeCents: z.number().int(),
    /** i18n key of the explanation, under `policyOutcome.*`. */
    messageKey: z.string(),
    /** The explanation, translated: names the fee and what is released. */
    message: z.string(),
    /** When a release or refund reaches the card, translated. */
    refundTimingMessage: z.string(),
  })
  .meta({ id: 'CancellationPreview' });
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;

/** `POST /api/bookings/{id}/reschedule`: one of the offered starts, an ISO-8601 instant. */
export const rescheduleRequestSchema = z.object({ startAt: z.iso.datetime({ offset: true, error: 'validation.startInvalid' }) });
export type RescheduleRequest = z.input<typeof rescheduleRequestSchema>;

/** `GET /api/bookings/{id}/receipt`: the booking and every money movement on it, oldest first. */
export const receiptSchema = z
  .object({
    booking: bookingViewSchema,
    entries: z.array(
      z.object({
        kind: z.enum(LEDGER_KINDS),
        /** Cents moved by this entry. */
        amountCents: z.number().int(),
        createdAt: z.iso.datetime({ offset: true }),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;

/**
 * One `booking` message of `GET /api/events`: which booking changed, what happened (`created`,
 * `assigned`, ...) and its status now (null for a change that names none). A nudge to refetch,
 * not the booking.
 */
export const bookingChangeSchema = z
  .object({ bookingId: z.uuid(), type: z.string(), status: z.enum(BOOKING_STATUSES).nullable() })
  .meta({ id: 'BookingChange' });
export type BookingChange = z.infer<typeof bookingChangeSchema>;
