/**
 * My Bookings' order (issue #14): upcoming bookings (still active: pending, confirmed, on the way
 * or in progress) first, soonest appointment first; then past ones (completed, cancelled, no-show,
 * payment failed), most recent appointment first. The server lists bookings newest-made first;
 * the order by appointment is made here, where the sections are shown.
 */
import { isActiveStatus } from '@/domain/booking-status';
import type { BookingView } from '@/domain/booking-request';

export function upcomingAndPast<T extends Pick<BookingView, 'status' | 'scheduledStart' | 'createdAt'>>(bookings: readonly T[]): { upcoming: T[]; past: T[] } {
  const start = (booking: T) => Date.parse(booking.scheduledStart);
  const made = (booking: T) => Date.parse(booking.createdAt);
  const upcoming = bookings.filter((booking) => isActiveStatus(booking.status)).sort((a, b) => start(a) - start(b) || made(a) - made(b));
  const past = bookings.filter((booking) => !isActiveStatus(booking.status)).sort((a, b) => start(b) - start(a) || made(b) - made(a));
  return { upcoming, past };
}
