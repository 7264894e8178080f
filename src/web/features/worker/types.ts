/**
 * The worker API's shapes (docs/api.md, "Scheduling and dispatch"): a job as its worker sees it
 * (the booking plus the customer's name and phone and the photo), and the worker's own profile
 * (phone, skills, ZIPs served, notification choices, weekly availability, time off).
 */
import type { WeeklyRange } from '@/domain/capacity';
import type { ServiceSlug } from '@/domain/services';
import type { TrackedBooking } from '@/web/lib/tracked-booking';

export type WorkerJob = TrackedBooking & {
  customer: { name: string; phone: string | null };
  photoUrl: string | null;
};

export interface TimeOffEntry {
  id?: string;
  /** Inclusive Tampa dates, 'YYYY-MM-DD'. */
  startsOn: string;
  endsOn: string;
  note?: string | null;
}

export interface WorkerProfile {
  phone: string | null;
  active: boolean;
  skills: ServiceSlug[];
  /** Empty: the whole service area. */
  serviceZips: string[];
  notifyEmail: boolean;
  notifySms: boolean;
  weekly: WeeklyRange[];
  timeOff: TimeOffEntry[];
}
