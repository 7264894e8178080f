/**
 * Why a card was declined, in our words (issue #14, defect 13): the gateway's decline code
 * (Stripe's `decline_code`, else its `code`; our simulated gateway's test cards) maps to a locale
 * key `paymentErrors.declined.<code>` (src/web/locales/{en,es}/payments.json), so a Spanish
 * customer never reads the gateway's English text. Used by the server's error mapping
 * (src/server/modules/payments/gateway-errors.ts) and by the web for Stripe.js errors.
 */

/** Decline codes (Stripe's most common, and our test cards') that have their own words. */
export const NAMED_DECLINE_CODES = [
  'generic_decline',
  'card_declined',
  'insufficient_funds',
  'authentication_required',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'lost_card',
  'stolen_card',
  'do_not_honor',
  'card_not_supported',
  'processing_error',
] as const;
export type NamedDeclineCode = (typeof NAMED_DECLINE_CODES)[number];

/** Other spellings of a named code: the simulated gateway's test-card behaviour 'decline'. */
const ALIASES: Record<string, NamedDeclineCode> = { decline: 'generic_decline' };

/** The named code for a gateway's decline code, or null when we have no words of our own for it. */
export function namedDeclineCode(code: string | null | undefined): NamedDeclineCode | null {
  if (!code) return null;
  if ((NAMED_DECLINE_CODES as readonly string[]).includes(code)) return code as NamedDeclineCode;
  return ALIASES[code] ?? null;
}

/**
 * The locale key for a decline: `paymentErrors.declined.<code>` for a named code, else the
 * general "Your card was declined." (`errors.cardDeclined`).
 */
export function declineMessageKey(code: string | null | undefined): string {
  const named = namedDeclineCode(code);
  return named ? `paymentErrors.declined.${named}` : 'errors.cardDeclined';
}
