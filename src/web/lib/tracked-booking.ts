/**
 * A booking with its dispatch progress as the browser reads it: BookingView already carries the
 * assigned worker, the ETA and the times of each step (issue #4); `acceptedAt` (when the worker
 * accepted the job) is read when the server sends it — docs/api.md does not list it yet, so the
 * worker's page copes without it (see features/worker/utils/next-action.ts).
 */
import type { BookingView } from '@/domain/booking-request';

export type AssignedWorker = NonNullable<BookingView['worker']>;

export type TrackedBooking = BookingView & { acceptedAt?: string | null };
