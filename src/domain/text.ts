/**
 * Rules for free text a person types (reasons, notes, names, addresses) that every schema
 * applies before anything is stored or sent to the payment gateway (issue #9): PostgreSQL `text`
 * cannot hold a NUL character, so a string with one would fail only after money had moved.
 * Messages are i18n keys.
 */
import { z } from 'zod';

/** True when the text holds no NUL (U+0000) character. */
export const hasNoNul = (value: string): boolean => !value.includes('\u0000');

/**
 * A trimmed string without NUL characters, at most `max` characters.
 * @param messages i18n keys for a missing value and a too-long one
 */
export function plainText(max: number, messages: { required?: string; tooLong?: string } = {}) {
  return z
    .string({ error: messages.required ?? 'validation.invalid' })
    .trim()
    .max(max, { error: messages.tooLong ?? 'validation.tooLong' })
    .refine(hasNoNul, { error: 'validation.invalidCharacters' });
}

/**
 * Like plainText, and not empty once trimmed.
 * @param messages i18n keys for a missing or empty value and a too-long one
 */
export function requiredText(max: number, messages: { required: string; tooLong?: string }) {
  return plainText(max, messages).pipe(z.string().min(1, { error: messages.required }));
}

/** What someone types into a search box (admin lists): matched as a substring, so it is text like any other. */
export const searchTextSchema = plainText(200);
