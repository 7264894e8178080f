/**
 * The booking as the customer submits it (`POST /api/bookings`) and as they read it back
 * (`GET /api/bookings`). Shared by the booking form and the API so both apply the same rules.
 */
import { z } from 'zod';
import { hasNoNul } from './text';
import { addressSchema } from './address';
import { bookingOptionsSchema, type BookingOptions } from './booking-options';
import type { BookingStatus, PaymentStatus } from './booking-status';
import { usPhoneSchema } from './phone';
import type { LineItem } from './pricing';
import type { ServiceSlug } from './services';

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
});

export type CreateBookingRequest = z.input<typeof createBookingRequestSchema>;

/** A booking as its customer sees it. Money in cents; instants as ISO-8601 UTC strings. */
export interface BookingView {
  id: string;
  /** Short human reference, e.g. "TB-7K3M9Q". */
  reference: string;
  service: ServiceSlug;
  status: BookingStatus;
  options: BookingOptions;
  address: { street: string; unit?: string | null; city: string; state: string; zip: string };
  contactPhone: string;
  notes: string | null;
  scheduledStart: string;
  scheduledEnd: string;
  lineItems: LineItem[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  payment: { status: PaymentStatus; amountHeldCents: number; cardBrand: string | null; cardLast4: string | null; testMode: boolean } | null;
  /** Money moved so far, from the ledger (src/domain/ledger.ts). */
  money: { heldCents: number; capturedCents: number; extraChargedCents: number; refundedCents: number; paidCents: number };
  /**
   * What the finished job is charged for (actual hours, paint at cost); null until completed, or
   * until a final amount awaits approval.
   */
  final: { lineItems: LineItem[]; subtotalCents: number; taxCents: number; totalCents: number } | null;
  /**
   * Set when the final amount exceeded the booked total by more than the approval limit
   * (src/domain/money-limits.ts): `pending` while an admin has not approved it (nothing above the
   * hold is charged yet; `final` shows the amount and its lines), `approved` once charged.
   */
  finalApproval: { status: 'pending' | 'approved'; requestedAt: string | null } | null;
  /** Set when cancelled: the policy tier applied and the fee in cents. */
  cancellation: { tier: string; feeCents: number; cancelledAt: string } | null;
  /** Whether the customer may cancel now (active booking) and reschedule for free (24+ h notice). */
  canCancel: boolean;
  canReschedule: boolean;
  /** The assigned technician (issue #4), null while waiting for dispatch. */
  worker: { id: string; name: string; phone: string | null } | null;
  /** Expected arrival, ISO; first contact, accepted by the technician, on the way, started, completed (ISO or null). */
  etaAt: string | null;
  acceptedAt: string | null;
  contactedAt: string | null;
  enRouteAt: string | null;
  startedAt: string | null;
  completedAt: string | null;
  createdAt: string;
}
