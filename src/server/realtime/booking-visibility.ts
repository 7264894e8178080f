/**
 * Who may see a booking change on the live stream (the same rule as the API's reads): admins see
 * every booking, a worker the jobs assigned to them, a customer their own bookings.
 */
import type { Role } from '../auth/roles';
import type { BookingChange } from './booking-event-hub';

/** @param viewer the signed-in user's id and strongest role (roleOf) */
export function canSeeBookingChange(viewer: { userId: string; role: Role }, change: Pick<BookingChange, 'customerId' | 'workerId'>): boolean {
  switch (viewer.role) {
    case 'admin':
      return true;
    case 'worker':
      return change.workerId === viewer.userId || change.customerId === viewer.userId;
    case 'user':
      return change.customerId === viewer.userId;
  }
}
