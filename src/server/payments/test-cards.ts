/**
 * Test-mode cards, as on Stripe's testing page (docs.stripe.com/testing):
 * - 4242 4242 4242 4242: approved.
 * - 4000 0000 0000 0002: declined, "Your card was declined." (generic_decline).
 * - 4000 0000 0000 9995: declined, "Your card has insufficient funds." (insufficient_funds).
 * - 4000 0025 0000 3155: asks for 3-D Secure authentication, then approved.
 * Any other number that passes the Luhn check is approved.
 */

export type TestCardBehaviour = 'approve' | 'decline' | 'insufficient_funds' | 'authenticate';

export const DECLINE_MESSAGES: Record<'decline' | 'insufficient_funds', { message: string; code: string }> = {
  decline: { message: 'Your card was declined.', code: 'generic_decline' },
  insufficient_funds: { message: 'Your card has insufficient funds.', code: 'insufficient_funds' },
};

const BEHAVIOURS: Record<string, TestCardBehaviour> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'authenticate',
};

/** The card network from the number's prefix (enough for test cards). */
export function cardBrand(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

export function testCardBehaviour(digits: string): TestCardBehaviour {
  return BEHAVIOURS[digits] ?? 'approve';
}
