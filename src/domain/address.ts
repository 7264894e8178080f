/**
 * The job address as entered in the booking flow: street, optional unit, city, state, ZIP.
 * The spec (section 3) names the fields but not which are required; we require all but the
 * unit (docs/decisions/004-booking-fields.md). Messages are i18n keys under `validation.*`.
 * The service-area check is separate (service-area.ts) because its ZIP list is a setting.
 */
import { z } from 'zod';
import { hasNoNul } from './text';

export const addressSchema = z.object({
  street: z.string({ error: 'validation.streetRequired' }).trim().min(3, { error: 'validation.streetRequired' }).max(200, { error: 'validation.tooLong' }).refine(hasNoNul, { error: 'validation.invalidCharacters' }),
  unit: z.string().trim().max(50, { error: 'validation.tooLong' }).refine(hasNoNul, { error: 'validation.invalidCharacters' }).optional().transform((v) => (v ? v : undefined)),
  city: z.string({ error: 'validation.cityRequired' }).trim().min(2, { error: 'validation.cityRequired' }).max(100, { error: 'validation.tooLong' }).refine(hasNoNul, { error: 'validation.invalidCharacters' }),
  state: z
    .string({ error: 'validation.stateInvalid' })
    .trim()
    .toUpperCase()
    .refine((s) => s === 'FL', { error: 'validation.stateInvalid' }),
  zip: z.string({ error: 'validation.zipInvalid' }).trim().regex(/^\d{5}(-\d{4})?$/, { error: 'validation.zipInvalid' }),
});

export type Address = z.infer<typeof addressSchema>;

/** An address on one line, as mails, receipts and booking cards print it: "100 N Tampa St, Apt 4, Tampa, FL 33602". */
export function addressOneLine(address: { street: string; unit?: string | null; city: string; state: string; zip: string }): string {
  return [address.unit ? `${address.street}, ${address.unit}` : address.street, address.city, `${address.state} ${address.zip}`].join(', ');
}
