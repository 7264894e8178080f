/**
 * The booking flow's rules that need the request schemas (zod and the phone parser, about 70 KB
 * of gzip): which step a draft may show, its options parsed, the job's length, a "Book again"
 * seed checked, and the request checked before it is sent. One lazy chunk, loaded by
 * hooks/use-draft-rules.ts as the booking page opens, so a new visitor's first step (choosing
 * the service) shows without it (issue #16: the booking page's first-load budget).
 */
import { jobDurationMinutes } from '@/domain/booking-options';
import { createBookingRequestSchema, type CreateBookingRequest } from '@/domain/booking-request';
import { bookAgainSeedFrom } from '@/web/lib/book-again';
import { parseOptions } from './parse-options';
import { reachableStep } from './reachable-step';

/** The request schema's verdict on a booking request (zod's safeParse result). */
function checkBookingRequest(request: CreateBookingRequest) {
  return createBookingRequestSchema.safeParse(request);
}

export const draftRules = { reachableStep, parseOptions, jobDurationMinutes, bookAgainSeedFrom, checkBookingRequest };

export type DraftRules = typeof draftRules;
