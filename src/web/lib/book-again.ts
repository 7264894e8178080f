/**
 * "Book again" (issue #14, defect 11): My Bookings opens `/book/{slug}` carrying the finished
 * booking's options, address and notes in the router's location state; the booking flow starts a
 * new draft from them (features/booking/hooks/use-booking-draft.ts). Only the choices travel: the
 * date, the card and the acknowledgements are given anew, and a furniture photo (already
 * claimed by the old booking) is not carried over.
 */
import { z } from 'zod';
import { bookingOptionsSchema } from '@/domain/booking-options';
import type { BookingView } from '@/domain/booking-request';
import { SERVICE_SLUGS, type ServiceSlug } from '@/domain/services';

const bookAgainSchema = z.object({
  service: z.enum(SERVICE_SLUGS),
  options: bookingOptionsSchema,
  address: z.object({ street: z.string(), unit: z.string().nullable().optional(), city: z.string(), state: z.string(), zip: z.string() }),
  notes: z.string().nullable(),
});

/** What a new booking starts from when booked again. */
export type BookAgainSeed = z.infer<typeof bookAgainSchema>;

/** The path and location state of "Book again" for a booking. */
export function bookAgainLink(booking: Pick<BookingView, 'service' | 'options' | 'address' | 'notes'>): { to: string; state: { bookAgain: BookAgainSeed } } {
  const { service, options, address, notes } = booking;
  return { to: `/book/${service}`, state: { bookAgain: { service, options, address, notes } } };
}

/** The seed in a location state for this service page, or null (none, another service, or malformed). */
export function bookAgainSeedFrom(state: unknown, slug: ServiceSlug): BookAgainSeed | null {
  const parsed = bookAgainSchema.safeParse((state as { bookAgain?: unknown } | null)?.bookAgain);
  return parsed.success && parsed.data.service === slug ? parsed.data : null;
}

