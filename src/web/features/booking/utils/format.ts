/**
 * Formatting that only the booking flow needs: the tax rate and an address on one line. Prices,
 * card brands and the slot picker's dates and times are in lib/format (My Bookings shows them too).
 */
import { intlLocale } from '@/web/lib/format';

/** A tax rate in basis points as a percentage: 750 -> "7.5%". */
export function formatTaxRate(rateBps: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 3 }).format(rateBps / 10000);
}

/** An address on one line: "123 Main St, Apt 4, Tampa, FL 33602". */
export function formatAddress(address: { street: string; unit?: string | null; city: string; state: string; zip: string }): string {
  return [address.street, address.unit, address.city, `${address.state} ${address.zip}`].map((part) => part?.trim()).filter(Boolean).join(', ');
}
