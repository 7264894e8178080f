/**
 * Recognising a payment card number (no zod, so the browser's first load can use it): the Luhn
 * checksum (ISO/IEC 7812-1 annex B) and the 13-19 digit runs, with optional spaces or dashes,
 * that may be one. Used to check a test card (payments-contract.ts) and to keep card numbers out
 * of error logs (error-scrub.ts) and analytics (personal-data.ts).
 */

/** The Luhn checksum of a string of digits only. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Runs of 13-19 digits, spaces or dashes between them allowed, not inside a longer number (global). */
export const CARD_NUMBER_CANDIDATE = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;

/** Whether a candidate run (CARD_NUMBER_CANDIDATE) is a card number: 13-19 digits that pass Luhn. */
export function isCardNumber(candidate: string): boolean {
  const digits = candidate.replace(/[ -]/g, '');
  return digits.length >= 13 && digits.length <= 19 && passesLuhn(digits);
}
