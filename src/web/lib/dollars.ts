/**
 * Amounts typed by staff in dollars ("63.99", "$1,250", "40") turned into integer cents, the
 * unit of every amount the API takes. Exact: the digits are read as text, never through a float.
 */

/** @returns cents, or null when the text is not a non-negative amount with at most two decimals */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const [, whole, fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as a plain dollar amount for an input field: 6399 -> "63.99", 4000 -> "40.00". */
export function centsToDollarsInput(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
