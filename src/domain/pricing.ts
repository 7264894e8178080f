/**
 * Pricing: turns a booking's options into line items, subtotal, tax and total, all in integer
 * cents (USD). The page renders this and the server charges this; the server always recomputes
 * and never trusts a client's total.
 *
 * Rules (issue #2, spec sections 1 and 9): TV $45 per job; furniture $35 per hour for the
 * estimated hours; painting $250 per room; plus sales tax at a configurable rate, default 7.5%
 * (Hillsborough County: 6% Florida state + 1.5% county surtax). Tax is computed per line and
 * rounded half up to the cent, then summed.
 */
import type { BookingOptions } from './booking-options';
import type { ServiceSlug } from './services';

/** 7.5% expressed in basis points (1 bp = 0.01%). */
export const DEFAULT_TAX_RATE_BPS = 750;

export const LINE_ITEM_UNITS = ['job', 'hour', 'room', 'receipt'] as const;
export type LineItemUnit = (typeof LINE_ITEM_UNITS)[number];
export const LINE_ITEM_CODES = ['tv_installation', 'furniture_assembly', 'painting', 'paint'] as const;

export type LineItemCode = (typeof LINE_ITEM_CODES)[number];

/**
 * One priced line: quantity x unit price, and its tax. Cents. Its API schema is
 * line-item-contract.ts, kept apart so that pricing a draft in the browser does not load zod
 * (issue #16: the booking page's first load).
 */
export interface LineItem {
  /** Stable code, also the i18n key suffix under `lineItems.*`. */
  code: LineItemCode;
  unit: LineItemUnit;
  quantity: number;
  unitPriceCents: number;
  /** quantity x unitPriceCents, before tax. */
  amountCents: number;
  /** Tax on this line, rounded half up to the cent. */
  taxCents: number;
}

export interface PriceQuote {
  lineItems: LineItem[];
  subtotalCents: number;
  taxRateBps: number;
  taxCents: number;
  totalCents: number;
}

/** Unit prices in cents keyed by service slug (from the services table, or DEFAULT_SERVICES). */
export type UnitPrices = Record<ServiceSlug, number>;

/**
 * Tax on an amount, rounded half up to the whole cent.
 * @param amountCents non-negative integer cents
 * @param rateBps tax rate in basis points (750 = 7.5%)
 */
export function taxOn(amountCents: number, rateBps: number): number {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError('amountCents must be a non-negative integer');
  if (!Number.isInteger(rateBps) || rateBps < 0) throw new RangeError('rateBps must be a non-negative integer');
  return Math.floor((amountCents * rateBps + 5000) / 10000);
}

function lineItemFor(options: BookingOptions, prices: UnitPrices): Omit<LineItem, 'taxCents' | 'amountCents'> {
  switch (options.service) {
    case 'tv-installation':
      return { code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: prices['tv-installation'] };
    case 'furniture-assembly':
      return { code: 'furniture_assembly', unit: 'hour', quantity: options.estimatedHours, unitPriceCents: prices['furniture-assembly'] };
    case 'painting':
      return { code: 'painting', unit: 'room', quantity: options.rooms, unitPriceCents: prices.painting };
  }
}

/**
 * Prices a booking.
 * @param options validated booking options (see booking-options.ts)
 * @param prices unit prices in cents per service
 * @param taxRateBps sales tax rate in basis points
 * @returns line items with per-line tax, subtotal, tax and total in cents
 */
export function quoteBooking(options: BookingOptions, prices: UnitPrices, taxRateBps: number): PriceQuote {
  const base = lineItemFor(options, prices);
  const amountCents = base.quantity * base.unitPriceCents;
  const lineItems: LineItem[] = [{ ...base, amountCents, taxCents: taxOn(amountCents, taxRateBps) }];
  const subtotalCents = lineItems.reduce((sum, item) => sum + item.amountCents, 0);
  const taxCents = lineItems.reduce((sum, item) => sum + item.taxCents, 0);
  return { lineItems, subtotalCents, taxRateBps, taxCents, totalCents: subtotalCents + taxCents };
}
