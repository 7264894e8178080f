/**
 * The dispatch API's shapes (docs/api.md, "Scheduling and dispatch"): a booking as the admin sees
 * it (the customer's view plus who the customer is and how long ago they booked), its detail with
 * the event timeline and the workers who may take it, and the workers list.
 */
import type { WeeklyRange } from '@/domain/capacity';
import type { ServiceSlug } from '@/domain/services';
import type { TrackedBooking } from '@/web/lib/tracked-booking';

export const DISPATCH_VIEWS = ['today', 'upcoming', 'unassigned', 'in_progress', 'completed', 'cancelled'] as const;
export type DispatchView = (typeof DISPATCH_VIEWS)[number];

export function isDispatchView(value: string | null): value is DispatchView {
  return (DISPATCH_VIEWS as readonly (string | null)[]).includes(value);
}

export type DispatchBooking = TrackedBooking & {
  customer: { id: string; name: string; email: string; phone: string | null };
  /** Whole minutes since the booking was placed, when the server answered. */
  minutesSincePlaced: number;
};

export interface BookingEvent {
  /** `created`, `hold_placed`, `assigned`, `cancelled`, ... */
  type: string;
  fromStatus: string | null;
  toStatus: string | null;
  actorRole: string | null;
  amountCents: number | null;
  note: string | null;
  createdAt: string;
}

export interface AssignableWorker {
  id: string;
  name: string;
}

export interface DispatchBookingDetail {
  booking: DispatchBooking;
  /** Oldest first (shown in that order). */
  events: BookingEvent[];
  /** Skilled workers free for the whole job now (only these may be assigned). */
  assignableWorkers: AssignableWorker[];
  /** The customer's photo (furniture), when there is one. */
  photoUrl: string | null;
}

export interface AdminWorker {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  active: boolean;
  skills: ServiceSlug[];
  weekly: WeeklyRange[];
  timeOff: { id?: string; startsOn: string; endsOn: string; note?: string | null }[];
  todayJobs: number;
  completedJobs: number;
  /** Average rating, null while there is none (shown as "—"). */
  rating?: number | null;
}
