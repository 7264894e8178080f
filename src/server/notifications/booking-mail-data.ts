/**
 * Reads what a booking message needs from the database: the booking row, the customer (profile
 * name, account email, notification choices), the assigned worker (name, phone), the payment record and the ledger
 * totals (src/domain/ledger.ts).
 */
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { summarizeLedger } from '../../domain/ledger';
import type { Database } from '../db/client';
import { bookings, notificationPreferences, paymentLedger, payments, profiles, user, workerProfiles } from '../db/schema';
import type { BookingMailData } from '../mail/booking-mail';

type PaymentSummary = Pick<typeof payments.$inferSelect, 'status' | 'cardBrand' | 'cardLast4' | 'amountHeldCents'>;
type LedgerRow = typeof paymentLedger.$inferSelect;

const customerProfile = alias(profiles, 'customer_profile');
const workerUser = alias(user, 'worker_user');
const workerProfile = alias(profiles, 'worker_profile');

/** @returns null when the booking no longer exists */
export async function loadBookingMailData(db: Database, bookingId: string): Promise<BookingMailData | null> {
  const [row] = await db
    .select({
      booking: bookings,
      customerEmail: user.email,
      customerAccountName: user.name,
      customerFullName: customerProfile.fullName,
      emailNotifications: notificationPreferences.email,
      smsNotifications: notificationPreferences.sms,
      workerAccountName: workerUser.name,
      workerFullName: workerProfile.fullName,
      workerPhone: workerProfiles.phone,
      workerProfilePhone: workerProfile.phone,
      // The payment and the ledger in the same statement (issue #16: three round trips per mail batch before).
      payment: sql<PaymentSummary | null>`(select json_build_object('status', p.status, 'cardBrand', p.card_brand, 'cardLast4', p.card_last4, 'amountHeldCents', p.amount_held_cents) from ${payments} p where p.booking_id = ${bookings.id} limit 1)`,
      ledger: sql<[LedgerRow['kind'], number][]>`(select coalesce(json_agg(json_build_array(l.kind, l.amount_cents)), '[]'::json) from ${paymentLedger} l where l.booking_id = ${bookings.id})`,
    })
    .from(bookings)
    .innerJoin(user, eq(user.id, bookings.customerId))
    .leftJoin(customerProfile, eq(customerProfile.id, bookings.customerId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, bookings.customerId))
    .leftJoin(workerUser, eq(workerUser.id, bookings.workerId))
    .leftJoin(workerProfile, eq(workerProfile.id, bookings.workerId))
    .leftJoin(workerProfiles, eq(workerProfiles.userId, bookings.workerId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row) return null;
  const payment = row.payment;
  const summary = summarizeLedger(row.ledger.map(([kind, amountCents]) => ({ kind, amountCents })));
  const b = row.booking;
  return {
    booking: b,
    customer: {
      name: row.customerFullName ?? row.customerAccountName,
      email: row.customerEmail,
      notifications: { email: row.emailNotifications ?? true, sms: row.smsNotifications ?? true },
    },
    worker: b.workerId && row.workerAccountName !== null ? { name: row.workerFullName ?? row.workerAccountName, phone: row.workerPhone ?? row.workerProfilePhone ?? null } : null,
    payment: payment ?? null,
    money: { paidCents: summary.paidCents, refundedCents: summary.refundedCents, capturedCents: summary.capturedCents, extraChargedCents: summary.extraChargedCents },
  };
}
