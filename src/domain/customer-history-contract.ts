/**
 * The admin's customer history (issue #14), `GET /api/admin/customers/{id}/history`: everything
 * about one customer on one page — who they are, all their bookings (newest appointment first),
 * the money moved on them (the payment ledger, newest first), their chat conversations with the
 * messages (internal notes included, marked), and the notes written about their bookings (the
 * customer's own booking notes and the reasons staff gave). Admins only. Money in cents, instants
 * ISO-8601 UTC.
 */
import { z } from 'zod';
import { BOOKING_STATUSES } from './booking-status';
import { LEDGER_KINDS } from './ledger';
import { SERVICE_SLUGS } from './services';

const instant = z.iso.datetime({ offset: true });

export const historyBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  service: z.enum(SERVICE_SLUGS),
  status: z.enum(BOOKING_STATUSES),
  scheduledStart: instant,
  /** The final total when the job was finished, the booked total otherwise (cents, with tax). */
  totalCents: z.number().int(),
  workerName: z.string().nullable(),
  createdAt: instant,
});

export const historyPaymentSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  reference: z.string(),
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  createdAt: instant,
});

export const historyChatMessageSchema = z.object({
  id: z.string(),
  senderRole: z.enum(['customer', 'admin', 'worker', 'guest']),
  senderName: z.string().nullable(),
  body: z.string(),
  /** An admin's internal note (never shown to the customer). */
  internal: z.boolean(),
  hasAttachment: z.boolean(),
  createdAt: instant,
});

export const historyChatSchema = z.object({
  id: z.string(),
  status: z.string(),
  bookingReference: z.string().nullable(),
  createdAt: instant,
  /** Oldest first; the latest 100 of the conversation. */
  messages: z.array(historyChatMessageSchema),
});

export const historyNoteSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  /** `booking`: the customer's note when booking; `event`: a reason staff or the customer gave for a change. */
  source: z.enum(['booking', 'event']),
  authorRole: z.string().nullable(),
  text: z.string(),
  createdAt: instant,
});

export const customerHistorySchema = z
  .object({
    customer: z.object({ id: z.string(), name: z.string(), email: z.string(), phone: z.string().nullable(), joinedAt: instant }),
    bookings: z.array(historyBookingSchema),
    payments: z.array(historyPaymentSchema),
    chats: z.array(historyChatSchema),
    notes: z.array(historyNoteSchema),
  })
  .meta({ id: 'CustomerHistory' });
export type CustomerHistory = z.infer<typeof customerHistorySchema>;
