/**
 * The error body of every API answer that is not a success (DESIGN.md "Contracts other work
 * relies on"): a translated message, a stable code, per-field details and a hint.
 */
import { z } from 'zod';

export const apiErrorSchema = z
  .object({
    /** In the caller's language (Accept-Language). A card decline is named by its code (src/domain/card-declines.ts), never in the bank's own words. */
    message: z.string(),
    /** Stable machine code, e.g. `validation_failed`, `booking_busy`, `refund_too_large`. */
    code: z.string(),
    /** Field path -> translated message for bad input; other facts (e.g. `status`, the booking's current state) as text. */
    details: z.record(z.string(), z.string()).nullable(),
    hint: z.string().nullable(),
  })
  .meta({ id: 'ApiError' });

export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
