/**
 * The arrival window a customer is promised (issue #14, "Arrival window"; decision record 021):
 * one rule for the web (confirmation, My Bookings) and the mail (notices, reminders).
 *
 * - By default the window runs from the scheduled start to `arrivalWindowMinutes` after it (the
 *   `jobRules` setting, 60 by default, src/domain/job-rules.ts).
 * - Once the worker is on the way (`en_route`) with an ETA, it narrows to the ETA through
 *   `ETA_WINDOW_MINUTES` after it: a real promise, even when the ETA is outside the booked window
 *   (a late worker is told honestly, not hidden behind the booked window).
 * - Once the job started, finished or was called off there is no window (null).
 */
import type { BookingStatus } from './booking-status';

/** How long the window is once the worker gave an ETA on the way, minutes. */
export const ETA_WINDOW_MINUTES = 15;

export interface ArrivalWindow {
  from: Date;
  to: Date;
  /** 'schedule': start to start + the setting; 'eta': narrowed by the worker's ETA. */
  basis: 'schedule' | 'eta';
}

/** The statuses for which a window is shown: the worker has not arrived yet. */
const AWAITING_ARRIVAL: readonly BookingStatus[] = ['pending', 'confirmed', 'en_route'];

/**
 * @param booking.status the booking's status; no window unless pending, confirmed or en_route
 * @param booking.etaAt the expected arrival, narrowing the window only when en_route
 * @param arrivalWindowMinutes the setting (minutes after the start)
 * @returns the window's instants, or null when the worker is no longer awaited
 */
export function arrivalWindow(booking: { scheduledStart: Date; etaAt: Date | null; status: BookingStatus }, arrivalWindowMinutes: number): ArrivalWindow | null {
  if (!AWAITING_ARRIVAL.includes(booking.status)) return null;
  if (booking.status === 'en_route' && booking.etaAt) {
    return { from: booking.etaAt, to: new Date(booking.etaAt.getTime() + ETA_WINDOW_MINUTES * 60_000), basis: 'eta' };
  }
  return { from: booking.scheduledStart, to: new Date(booking.scheduledStart.getTime() + arrivalWindowMinutes * 60_000), basis: 'schedule' };
}
