/**
 * What a PDF receipt shows (issue #14, "Receipts"), read from the database: the booking (the
 * final line items once the job is done, else the booked ones), its payment and ledger (hold,
 * capture, extra charge, refunds), a charged tip (its `tip` ledger row), and the
 * business's contacts from the settings. Money in cents; instants as Dates (shown in Tampa time).
 *
 * Who gets one: the booking's customer and admins (anyone else gets 404); which bookings: a
 * completed job, or a cancelled / no-show booking on which money was charged (a cancellation
 * fee); anything else is 409 `receipt_unavailable` (nothing to account for yet).
 */
import { addressOneLine } from '../../../domain/address';
import { asc, eq } from 'drizzle-orm';
import type { BookingStatus, PaymentStatus } from '../../../domain/booking-status';
import { hasReceipt } from '../../../domain/receipts';
import { summarizeLedger, type MoneySummary } from '../../../domain/ledger';
import type { LineItem } from '../../../domain/pricing';
import type { Database } from '../../db/client';
import { bookings, paymentLedger, payments, profiles, user } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';

export interface ReceiptData {
  booking: {
    id: string;
    reference: string;
    serviceSlug: string;
    status: BookingStatus;
    address: string;
    scheduledStart: Date;
    completedAt: Date | null;
    createdAt: Date;
    /** The final lines once completed (actual hours, paint at cost), else the booked ones. */
    lineItems: LineItem[];
    subtotalCents: number;
    taxCents: number;
    totalCents: number;
    /** The booked total (what the hold covered). */
    bookedTotalCents: number;
    cancellation: { tier: string; feeCents: number } | null;
  };
  customerName: string;
  payment: { status: PaymentStatus; amountHeldCents: number; cardBrand: string | null; cardLast4: string | null; testMode: boolean } | null;
  money: MoneySummary;
  /** The refunds, oldest first. */
  refunds: { amountCents: number; at: Date }[];
  /** A tip that was charged (status succeeded), cents; 0 without one. */
  tipCents: number;
}

/**
 * Loads a booking's receipt for `caller`.
 * @param caller the signed-in user; `isAdmin` lets them read any booking's receipt
 * @param testMode whether the simulated gateway is in use (the receipt says no real card was charged)
 * @throws AppError 404 when the booking does not exist or is not the caller's (and they are no admin),
 *   409 `receipt_unavailable` when it has no receipt yet (src/domain/receipts.ts hasReceipt)
 */
export async function loadReceiptData(db: Database, bookingId: string, caller: { id: string; isAdmin: boolean }, testMode: boolean): Promise<ReceiptData> {
  const [row] = await db
    .select({ booking: bookings, payment: payments, accountName: user.name, fullName: profiles.fullName })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.customerId))
    .leftJoin(profiles, eq(profiles.id, bookings.customerId))
    .leftJoin(payments, eq(payments.bookingId, bookings.id))
    .where(eq(bookings.id, bookingId));
  if (!row || (!caller.isAdmin && row.booking.customerId !== caller.id)) throw notFound();
  const ledger = await db.select().from(paymentLedger).where(eq(paymentLedger.bookingId, bookingId)).orderBy(asc(paymentLedger.createdAt));
  const money = summarizeLedger(ledger);
  const b = row.booking;
  if (!hasReceipt(b.status, money)) throw conflict('receipt_unavailable', 'receiptPdf.unavailable');
  const final = b.finalTotalCents !== null && b.finalLineItems && b.finalApprovalStatus !== 'pending';
  const p = row.payment;
  return {
    booking: {
      id: b.id,
      reference: b.reference,
      serviceSlug: b.serviceSlug,
      status: b.status,
      address: addressOneLine(b),
      scheduledStart: b.scheduledStart,
      completedAt: b.completedAt,
      createdAt: b.createdAt,
      lineItems: final ? b.finalLineItems! : b.lineItems,
      subtotalCents: final ? b.finalSubtotalCents! : b.subtotalCents,
      taxCents: final ? b.finalTaxCents! : b.taxCents,
      totalCents: final ? b.finalTotalCents! : b.totalCents,
      bookedTotalCents: b.totalCents,
      cancellation: b.cancelledAt ? { tier: b.cancellationTier ?? 'free', feeCents: b.cancellationFeeCents ?? 0 } : null,
    },
    customerName: row.fullName ?? row.accountName,
    payment: p ? { status: p.status, amountHeldCents: p.amountHeldCents, cardBrand: p.cardBrand, cardLast4: p.cardLast4, testMode: testMode && p.gateway === 'simulated' } : null,
    money,
    refunds: ledger.filter((e) => e.kind === 'refunded').map((e) => ({ amountCents: e.amountCents, at: e.createdAt })),
    // A tip is in the ledger once charged (status succeeded): no second read of `tips`.
    tipCents: money.tippedCents,
  };
}
