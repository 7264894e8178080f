/**
 * The booking as the customer submits it (`POST /api/bookings`) and as they read it back
 * (`GET /api/bookings`). Shared by the booking form and the API so both apply the same rules.
 */
import { reviewViewSchema, workerRatingSchema } from './reviews-contract';
import { tipViewSchema } from './tips-contract';
import { z } from 'zod';
import { hasNoNul } from './text';
import { addressSchema } from './address';
import { bookingOptionsSchema } from './booking-options';
import { cancellationPolicySchema } from './catalog-contract';
import { BOOKING_STATUSES, PAYMENT_STATUSES } from './booking-status';
import { usPhoneSchema } from './phone';
import { lineItemSchema } from './line-item-contract';
import { SERVICE_SLUGS } from './services';

export const createBookingRequestSchema = z.object({
  options: bookingOptionsSchema,
  address: addressSchema,
  /** Phone for the 5-10 minute call-back, any US format; stored as E.164. */
  contactPhone: usPhoneSchema,
  notes: z.string().trim().max(1000, { error: 'validation.tooLong' }).refine(hasNoNul, { error: 'validation.invalidCharacters' }).optional(),
  /** The chosen start, an ISO-8601 instant (one of the offered slots). */
  startAt: z.iso.datetime({ offset: true, error: 'validation.startInvalid' }),
  /** A payment method reference from the gateway (a tokenized card, never a card number). */
  paymentMethodId: z.string({ error: 'validation.paymentMethodRequired' }).min(1, { error: 'validation.paymentMethodRequired' }).max(200).refine(hasNoNul, { error: 'validation.invalidCharacters' }),
  /** "Save this address": add the address to the customer's saved addresses (deduplicated) with the booking. */
  saveAddress: z.boolean().optional(),
});

export type CreateBookingRequest = z.input<typeof createBookingRequestSchema>;

const iso = z.iso.datetime({ offset: true });
// paidCents: captured + extra charged - refunded (the job's money); tippedCents: tips, apart (src/domain/ledger.ts).
const money = z.object({ heldCents: z.number().int(), capturedCents: z.number().int(), extraChargedCents: z.number().int(), refundedCents: z.number().int(), paidCents: z.number().int(), tippedCents: z.number().int().optional() });
const totals = z.object({ lineItems: z.array(lineItemSchema), subtotalCents: z.number().int(), taxCents: z.number().int(), totalCents: z.number().int() });

/** A booking as its customer sees it (`GET /api/bookings/:id`). Money in cents; instants as ISO-8601 UTC strings. */
export const bookingViewSchema = z
  .object({
    id: z.uuid(),
    /** Short human reference, e.g. "TB-7K3M9Q". */
    reference: z.string(),
    service: z.enum(SERVICE_SLUGS),
    status: z.enum(BOOKING_STATUSES),
    options: bookingOptionsSchema,
    address: z.object({ street: z.string(), unit: z.string().nullable().optional(), city: z.string(), state: z.string(), zip: z.string() }),
    contactPhone: z.string(),
    notes: z.string().nullable(),
    scheduledStart: iso,
    scheduledEnd: iso,
    lineItems: z.array(lineItemSchema),
    subtotalCents: z.number().int(),
    taxCents: z.number().int(),
    totalCents: z.number().int(),
    payment: z.object({ status: z.enum(PAYMENT_STATUSES), amountHeldCents: z.number().int(), cardBrand: z.string().nullable(), cardLast4: z.string().nullable(), testMode: z.boolean() }).nullable(),
    /** Money moved so far, from the ledger (src/domain/ledger.ts). */
    money,
    /**
     * What the finished job is charged for (actual hours, paint at cost); null until completed, or
     * until a final amount awaits approval.
     */
    final: totals.nullable(),
    /**
     * Set when the final amount exceeded the booked total by more than the approval limit
     * (src/domain/money-limits.ts): `pending` while an admin has not approved it (nothing above the
     * hold is charged yet; `final` shows the amount and its lines), `approved` once charged.
     */
    finalApproval: z.object({ status: z.enum(['pending', 'approved']), requestedAt: iso.nullable() }).nullable(),
    /** Set when cancelled: the policy tier applied and the fee in cents. */
    cancellation: z.object({ tier: z.string(), feeCents: z.number().int(), cancelledAt: iso }).nullable(),
    /** Whether the customer may cancel now (active booking) and reschedule for free (24+ h notice). */
    canCancel: z.boolean(),
    canReschedule: z.boolean(),
    /** The cancellation policy this booking was made under (a later change in the settings does not reach it). */
    cancellationPolicy: cancellationPolicySchema,
    /** The assigned technician (issue #4), null while waiting for dispatch. */
    worker: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable(), rating: workerRatingSchema.optional() }).nullable(),
    /** Expected arrival; first contact, accepted by the technician, on the way, started, completed (ISO or null). */
    etaAt: iso.nullable(),
    /** Minutes after the start the arrival window runs to (settings `jobRules`); the window itself is src/domain/arrival-window.ts. */
    arrivalWindowMinutes: z.number().int(),
    acceptedAt: iso.nullable(),
    contactedAt: iso.nullable(),
    enRouteAt: iso.nullable(),
    startedAt: iso.nullable(),
    completedAt: iso.nullable(),
    createdAt: iso,
    /** The customer's review of the completed job (issue #14), null when none yet. */
    review: reviewViewSchema.nullable().optional(),
    /** The customer's tip on the completed job (issue #14), null when none yet. */
    tip: tipViewSchema.nullable().optional(),
    /** Until when a review / a tip is taken (completion + 14 days / + 48 hours); null until completed. */
    reviewUntil: iso.nullable().optional(),
    tipUntil: iso.nullable().optional(),
  })
  .meta({ id: 'BookingView' });

export type BookingView = z.infer<typeof bookingViewSchema>;
