/**
 * What an analytics event must never carry (issue #11, "no personal data in events"): an email
 * address, a phone number, a card number, or a value under a name that says it is one of those
 * or a secret. The browser drops such parameters before an event is stored or sent
 * (src/web/lib/analytics.ts); the API checks again before storing
 * (src/server/modules/analytics/ingest.service.ts), so an old tab or a hand-made request cannot
 * store one either.
 *
 * Detection rules (false positives are accepted: an analytics parameter lost is cheap):
 *  - email: `local@domain.tld` anywhere in the text;
 *  - phone: a North American number written 3-3-4 (`8135550123`, `(813) 555-0123`,
 *    `+1 813.555.0123`) not inside a longer run of digits, or an E.164 number (`+` and 8-15
 *    digits, separators allowed); ISO dates (`2026-11-21`) and times are not phone numbers;
 *  - card: 13-19 digits (single spaces or dashes between them allowed) passing the Luhn check
 *    (ISO/IEC 7812-1 annex B);
 *  - numbers: an integer of 10 or more digits is read as its digits (a phone or card number
 *    sent as a number).
 */

import { CARD_NUMBER_CANDIDATE, isCardNumber, passesLuhn } from './card-number';

/** The Luhn check (card-number.ts), under the name this module's callers use. */
export const passesLuhnCheck = passesLuhn;

/** Parameter names whose values are personal or secret whatever they hold (`customerEmail`, `phone_number`, `access_token`). */
const PERSONAL_NAME = /e-?mail|phone|mobile|\btel\b|full_?name|first_?name|last_?name|street|address_?line|password|passwd|secret|token|card_?number|\bpan\b|cvc|cvv|ssn|cookie|session/i;

const EMAIL = /[^\s@<>()[\]\\,;:"']+@[^\s@<>()[\]\\,;:"']+\.[A-Za-z]{2,}/;
const NANP_PHONE = /(?<![\d+])(?:\+?1[\s.-]?)?(?:\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}(?!\d)/;
const E164_PHONE = /\+\d(?:[\s.-]?\d){7,14}(?!\d)/;

export const looksLikeEmail = (text: string): boolean => EMAIL.test(text);

export const looksLikePhoneNumber = (text: string): boolean => NANP_PHONE.test(text) || E164_PHONE.test(text);

export function looksLikeCardNumber(text: string): boolean {
  for (const match of text.matchAll(CARD_NUMBER_CANDIDATE)) if (isCardNumber(match[0])) return true;
  return false;
}

/** What kind of personal data a text or number looks like, or null when none (the rules above). */
export function personalDataIn(value: string | number): 'email' | 'phone' | 'card' | null {
  const text = typeof value === 'number' ? (Number.isInteger(value) && Math.abs(value) >= 1e9 ? String(Math.abs(value)) : '') : value;
  if (!text) return null;
  if (looksLikeEmail(text)) return 'email';
  if (looksLikeCardNumber(text)) return 'card';
  if (looksLikePhoneNumber(text)) return 'phone';
  return null;
}

/** Whether a parameter's name says its value is personal or secret, whatever the value. */
export const isPersonalParamName = (name: string): boolean => PERSONAL_NAME.test(name);

/**
 * The parameters without those that are, or are named as, personal data.
 * @returns `params` with those entries removed, and the names removed (empty when none)
 */
export function withoutPersonalParams<V extends string | number | boolean | null>(params: Record<string, V>): { params: Record<string, V>; removed: string[] } {
  const kept: Record<string, V> = {};
  const removed: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    const personal = isPersonalParamName(name) || ((typeof value === 'string' || typeof value === 'number') && personalDataIn(value) !== null);
    if (personal) removed.push(name);
    else kept[name] = value;
  }
  return { params: kept, removed };
}
