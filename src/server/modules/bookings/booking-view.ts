/**
 * Turns booking, payment and ledger rows into the customer's BookingView
 * (src/domain/booking-request.ts), and loads them without a query per booking.
 */
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { BookingView } from '../../../domain/booking-request';
import type { WorkerRating } from '../../../domain/reviews-contract';
import { canCancel } from '../../../domain/booking-status';
import { canRescheduleFree, type CancellationPolicy } from '../../../domain/cancellation-policy';
import { summarizeLedger, type LedgerEntry } from '../../../domain/ledger';
import { DEFAULT_JOB_RULES } from '../../../domain/job-rules';
import type { ServiceSlug } from '../../../domain/services';
import type { Database, Transaction } from '../../db/client';
import { bookings, paymentLedger, payments, user, workerProfiles } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { bookingPolicy } from '../settings/settings.service';
import { reviewsOfBookings, reviewUntil, workerRatings } from '../reviews/reviews.service';
import { tipsOfBookings, tipUntil } from '../tips/tips.service';

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;
type LedgerRow = typeof paymentLedger.$inferSelect;

export interface ViewContext {
  testMode: boolean;
  now: Date;
  /** The current cancellation policy: for bookings made before each kept its own (issue #12). */
  policy: CancellationPolicy;
  /** The arrival window's length after the start, minutes (settings `jobRules`); the default when not given. */
  arrivalWindowMinutes?: number;
}

export type WorkerSummary = { id: string; name: string; phone: string | null; rating?: WorkerRating } | null;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toBookingView(booking: BookingRow, payment: PaymentRow | null, ledger: readonly LedgerEntry[], ctx: ViewContext, worker: WorkerSummary = null): BookingView {
  const start = booking.scheduledStart;
  const movable = booking.status === 'pending' || booking.status === 'confirmed';
  const policy = bookingPolicy(booking, ctx.policy);
  return {
    id: booking.id,
    reference: booking.reference,
    service: booking.serviceSlug as ServiceSlug,
    status: booking.status,
    options: booking.options,
    address: { street: booking.street, unit: booking.unit, city: booking.city, state: booking.state, zip: booking.zip },
    contactPhone: booking.contactPhone,
    notes: booking.notes,
    scheduledStart: start.toISOString(),
    scheduledEnd: booking.scheduledEnd.toISOString(),
    lineItems: booking.lineItems,
    subtotalCents: booking.subtotalCents,
    taxCents: booking.taxCents,
    totalCents: booking.totalCents,
    payment: payment
      ? { status: payment.status, amountHeldCents: payment.amountHeldCents, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4, testMode: ctx.testMode && payment.gateway === 'simulated' }
      : null,
    money: summarizeLedger(ledger),
    final:
      booking.finalTotalCents !== null && booking.finalLineItems
        ? { lineItems: booking.finalLineItems, subtotalCents: booking.finalSubtotalCents!, taxCents: booking.finalTaxCents!, totalCents: booking.finalTotalCents }
        : null,
    finalApproval:
      booking.finalApprovalStatus === 'pending' || booking.finalApprovalStatus === 'approved'
        ? { status: booking.finalApprovalStatus, requestedAt: iso(booking.finalApprovalRequestedAt) }
        : null,
    cancellation: booking.cancelledAt ? { tier: booking.cancellationTier ?? 'free', feeCents: booking.cancellationFeeCents ?? 0, cancelledAt: booking.cancelledAt.toISOString() } : null,
    canCancel: canCancel(booking.status),
    canReschedule: movable && canRescheduleFree({ start, now: ctx.now, policy }),
    cancellationPolicy: policy,
    worker,
    etaAt: iso(booking.etaAt),
    arrivalWindowMinutes: ctx.arrivalWindowMinutes ?? DEFAULT_JOB_RULES.arrivalWindowMinutes,
    contactedAt: iso(booking.contactedAt),
    acceptedAt: iso(booking.acceptedAt),
    enRouteAt: iso(booking.enRouteAt),
    startedAt: iso(booking.startedAt),
    completedAt: iso(booking.completedAt),
    createdAt: booking.createdAt.toISOString(),
  };
}

/** Bookings with their payment and ledger, matching `where`, newest first (two queries in all). */
export async function loadBookingViews(db: Database | Transaction, where: ReturnType<typeof and>, ctx: ViewContext): Promise<BookingView[]> {
  const rows = await db
    .select({ bookings, payments, workerName: user.name, workerPhone: workerProfiles.phone })
    .from(bookings)
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .leftJoin(user, eq(user.id, bookings.workerId))
    .leftJoin(workerProfiles, eq(workerProfiles.userId, bookings.workerId))
    .where(where)
    .orderBy(desc(bookings.createdAt));
  if (rows.length === 0) return [];
  const ledger = await db
    .select()
    .from(paymentLedger)
    .where(inArray(paymentLedger.bookingId, rows.map((r) => r.bookings.id)))
    .orderBy(asc(paymentLedger.createdAt));
  const byBooking = new Map<string, LedgerRow[]>();
  for (const entry of ledger) byBooking.set(entry.bookingId, [...(byBooking.get(entry.bookingId) ?? []), entry]);
  // Reviews, tips and the technicians' ratings (issue #14): three more queries for the whole list.
  const bookingIds = rows.map((r) => r.bookings.id);
  const [reviews, tips, ratings] = [await reviewsOfBookings(db, bookingIds), await tipsOfBookings(db, bookingIds), await workerRatings(db, rows.flatMap((r) => (r.bookings.workerId ? [r.bookings.workerId] : [])))];
  return rows.map((row) => {
    const workerId = row.bookings.workerId;
    const worker = workerId ? { id: workerId, name: row.workerName ?? '', phone: row.workerPhone ?? null, rating: ratings.get(workerId) } : null;
    const view = toBookingView(row.bookings, row.payments, byBooking.get(row.bookings.id) ?? [], ctx, worker);
    return { ...view, review: reviews.get(view.id) ?? null, tip: tips.get(view.id) ?? null, reviewUntil: reviewUntil(row.bookings.completedAt), tipUntil: tipUntil(row.bookings.completedAt) };
  });
}

/**
 * The view of a booking its own transaction has just written, from the rows it wrote (issue #16:
 * reading it back after the commit cost five queries per booking created). Equal to what
 * loadBookingView answers right after that commit: a booking being created has no worker, no
 * review and no tip yet (reviews and tips need a completed booking), so only its own row, its
 * payment and its ledger matter. bookings.test.ts compares the two.
 * @param booking the bookings row as inserted (`returning()` of every column)
 * @param payment its payments row as it stands at the commit
 * @param ledger its payment_ledger entries (kind and cents)
 */
export function newBookingView(booking: BookingRow, payment: PaymentRow, ledger: readonly LedgerEntry[], ctx: ViewContext): BookingView {
  const view = toBookingView(booking, payment, ledger, ctx, null);
  return { ...view, review: null, tip: null, reviewUntil: reviewUntil(booking.completedAt), tipUntil: tipUntil(booking.completedAt) };
}

/** One booking's view. @throws AppError 404 when `where` matches nothing (e.g. someone else's booking) */
export async function loadBookingView(db: Database | Transaction, where: ReturnType<typeof and>, ctx: ViewContext): Promise<BookingView> {
  const [view] = await loadBookingViews(db, where, ctx);
  if (!view) throw notFound();
  return view;
}

export const ownBooking = (customerId: string, bookingId: string) => and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId));
