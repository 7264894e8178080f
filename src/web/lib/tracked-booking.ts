/**
 * A booking with its dispatch progress as the browser reads it: BookingView already carries the
 * assigned worker, the ETA and the times of each step (issue #4); `acceptedAt` tells
 * an accepted job from a merely assigned one (both `confirmed`).
 */
import type { BookingView } from '@/domain/booking-request';

export type AssignedWorker = NonNullable<BookingView['worker']>;

export type TrackedBooking = BookingView;
