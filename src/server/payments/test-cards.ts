/**
 * Test-mode cards, as on Stripe's testing page (docs.stripe.com/testing): 4242 4242 4242 4242
 * is approved; 4000 0000 0000 0002 is declined ("Your card was declined.", decline code
 * generic_decline). Any other number that passes the Luhn check is approved.
 */

export type TestCardBehaviour = 'approve' | 'decline';

export const DECLINED_CARD_MESSAGE = 'Your card was declined.';

const BEHAVIOURS: Record<string, TestCardBehaviour> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'decline',
};

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

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
