/**
 * A draft's options checked with the domain schemas (booking-options.ts, zod): the parsed options
 * when they pass, otherwise null. Apart from option-values.ts so the booking page's first step
 * loads without zod (issue #16); read through the draft rules (draft-rules.ts).
 */
import { bookingOptionsSchema, type BookingOptions } from '@/domain/booking-options';
import type { OptionValues } from './option-values';

/** The service's options when they pass the domain rules, otherwise null. */
export function parseOptions(values: OptionValues): BookingOptions | null {
  const parsed = bookingOptionsSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}
