/** Turns booking and payment rows into the customer's BookingView (src/domain/booking-request.ts). */
import type { BookingView } from '../../../domain/booking-request';
import type { ServiceSlug } from '../../../domain/services';
import type { bookings, payments } from '../../db/schema';

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export function toBookingView(booking: BookingRow, payment: PaymentRow | null, testMode: boolean): BookingView {
  return {
    id: booking.id,
    reference: booking.reference,
    service: booking.serviceSlug as ServiceSlug,
    status: booking.status,
    options: booking.options,
    address: { street: booking.street, unit: booking.unit, city: booking.city, state: booking.state, zip: booking.zip },
    contactPhone: booking.contactPhone,
    notes: booking.notes,
    scheduledStart: booking.scheduledStart.toISOString(),
    scheduledEnd: booking.scheduledEnd.toISOString(),
    lineItems: booking.lineItems,
    subtotalCents: booking.subtotalCents,
    taxCents: booking.taxCents,
    totalCents: booking.totalCents,
    payment: payment
      ? { status: payment.status, amountHeldCents: payment.amountHeldCents, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4, testMode: testMode && payment.gateway === 'simulated' }
      : null,
    createdAt: booking.createdAt.toISOString(),
  };
}
