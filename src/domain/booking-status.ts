/**
 * The booking life cycle (DESIGN.md "Booking life cycle"; docs/decisions/005-booking-status.md):
 * pending (hold authorized, waiting for dispatch) -> confirmed (worker assigned, ETA) -> en_route
 * -> in_progress -> completed (final amount captured). Side exits: cancelled, no_show,
 * payment_failed. Payment states: authorized -> captured | voided, then refunded /
 * partially_refunded; `failed` when the hold was declined; `card_saved` before a deferred hold;
 * `expired` when a hold lapsed.
 */

export const BOOKING_STATUSES = [
  'pending', 'confirmed', 'en_route', 'in_progress', 'completed', 'cancelled', 'no_show', 'payment_failed',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * `card_saved`: a booking further out than a hold lasts; the card is saved and the hold is placed
 * about 24 hours before the job. `expired`: a hold lapsed uncaptured.
 */
export const PAYMENT_STATUSES = ['card_saved', 'authorized', 'captured', 'voided', 'refunded', 'partially_refunded', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

const ALLOWED: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled', 'no_show', 'payment_failed'],
  confirmed: ['en_route', 'in_progress', 'cancelled', 'no_show', 'pending'],
  en_route: ['in_progress', 'cancelled', 'no_show'],
  in_progress: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
  payment_failed: ['cancelled'],
};

/** Whether a booking may move from one status to another. */
export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return ALLOWED[from].includes(to);
}

/** Statuses in which the booking still lies ahead of the customer. */
export function isActiveStatus(status: BookingStatus): boolean {
  return status === 'pending' || status === 'confirmed' || status === 'en_route' || status === 'in_progress';
}

/**
 * Who may complete a job from which status: a worker only once it is in progress (the worker
 * flow of issue #4); an admin, on the worker's behalf, from any active status.
 */
export function canComplete(status: BookingStatus, role: 'admin' | 'worker'): boolean {
  return role === 'admin' ? isActiveStatus(status) : status === 'in_progress';
}

/** A customer may cancel until the job starts; an admin may cancel any active booking not in progress. */
export function canCancel(status: BookingStatus): boolean {
  return status === 'pending' || status === 'confirmed' || status === 'en_route';
}
