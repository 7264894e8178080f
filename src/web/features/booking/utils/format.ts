/**
 * Formatting that only the booking flow needs: the tax rate. Prices, card brands and the slot
 * picker's dates and times are in lib/format, addresses in lib/address (other pages show them too).
 */
import { intlLocale } from '@/web/lib/format';

/** A tax rate in basis points as a percentage: 750 -> "7.5%". */
export function formatTaxRate(rateBps: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 3 }).format(rateBps / 10000);
}

