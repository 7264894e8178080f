/**
 * Formatting for the booking flow in the interface language: exact prices with cents (a price
 * breakdown lines up to the cent: "$45.00", "$3.38") and the slot picker's dates and times in
 * Tampa time. Whole-dollar list prices use formatCents from lib/format instead.
 */
import { BUSINESS_TIME_ZONE } from '@/domain/time-zone';
import { intlLocale } from '@/web/lib/format';

/** Integer cents as dollars with cents: 4500 -> "$45.00". */
export function formatPrice(cents: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(cents / 100);
}

/** A tax rate in basis points as a percentage: 750 -> "7.5%". */
export function formatTaxRate(rateBps: number, language: string | undefined): string {
  return new Intl.NumberFormat(intlLocale(language), { style: 'percent', maximumFractionDigits: 3 }).format(rateBps / 10000);
}

/**
 * A Tampa date ('YYYY-MM-DD') as a short chip label, e.g. "Fri, May 15". The date is a calendar
 * day, not an instant, so it is read at noon UTC and printed in UTC (no zone can shift the day).
 */
export function formatSlotDate(date: string, language: string | undefined): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d, 12)),
  );
}

/** An instant as a Tampa wall-clock time, e.g. "2:30 PM". */
export function formatSlotTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeZone: BUSINESS_TIME_ZONE, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** An address on one line: "123 Main St, Apt 4, Tampa, FL 33602". */
export function formatAddress(address: { street: string; unit?: string | null; city: string; state: string; zip: string }): string {
  return [address.street, address.unit, address.city, `${address.state} ${address.zip}`].map((part) => part?.trim()).filter(Boolean).join(', ');
}

const BRAND_NAMES: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** A card brand as the gateway names it ("visa") the way people write it ("Visa"). */
export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? brand.charAt(0).toUpperCase() + brand.slice(1);
}
