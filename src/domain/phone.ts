/**
 * US phone numbers for the 5-10 minute call-back promise. Parsing and validation come from
 * libphonenumber-js; the stored form is E.164 (+18135550123).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/** Parses a US phone number typed in any common format; returns E.164 or null when invalid. */
export function normalizeUsPhone(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, 'US');
  return parsed && parsed.isValid() && parsed.country === 'US' ? parsed.number : null;
}

/** A US phone number, output as E.164. Message key: validation.phoneInvalid. */
export const usPhoneSchema = z
  .string({ error: 'validation.phoneInvalid' })
  .transform((value, ctx) => {
    const normalized = normalizeUsPhone(value);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: 'validation.phoneInvalid' });
      return z.NEVER;
    }
    return normalized;
  });
