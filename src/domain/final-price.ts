/**
 * The final amount of a completed job (issue #3/#4): furniture is charged for the actual hours
 * (in half hours, minimum 1), painting adds the paint the company bought at cost (a line of its
 * own, from the receipt), everything plus tax like the booking quote. Cents throughout.
 * Actuals above the business ceilings of money-limits.ts (issue #9) are refused.
 */
import type { BookingOptions } from './booking-options';
import { DEFAULT_MONEY_LIMITS, maxActualHours, maxPaintCostCents, type MoneyLimits } from './money-limits';
import { quoteBooking, taxOn, type LineItem, type PriceQuote, type UnitPrices } from './pricing';

export interface JobActuals {
  /** Furniture: hours worked, a multiple of 0.5, at least 1. */
  actualHours?: number;
  /** Painting bought by us: the paint receipt, in cents. */
  paintCostCents?: number;
}

export class InvalidActualsError extends Error {
  constructor(
    readonly field: 'actualHours' | 'paintCostCents',
    message: string,
    /** Set when the value is above the business ceiling: the ceiling (hours, or cents). */
    readonly ceiling: number | null = null,
  ) {
    super(message);
    this.name = 'InvalidActualsError';
  }
}

/**
 * @param limits the business ceilings (settings.money_limits)
 * @throws InvalidActualsError when hours are not whole or half hours >= 1 or exceed
 *   maxActualHours (ceiling set), or paint cost is not whole cents / given for a job where the
 *   customer supplies the paint / exceeds maxPaintCostCents (ceiling set)
 */
export function finalQuote(options: BookingOptions, actuals: JobActuals, prices: UnitPrices, taxRateBps: number, limits: MoneyLimits = DEFAULT_MONEY_LIMITS): PriceQuote {
  if (options.service === 'furniture-assembly' && actuals.actualHours !== undefined) {
    const hours = actuals.actualHours;
    if (!(hours >= 1) || !Number.isInteger(hours * 2)) throw new InvalidActualsError('actualHours', 'actual hours must be whole or half hours, at least 1');
    const ceiling = maxActualHours(options.estimatedHours, limits);
    if (hours > ceiling) throw new InvalidActualsError('actualHours', `at most ${ceiling} hours for a job estimated at ${options.estimatedHours}`, ceiling);
    const base = quoteBooking({ ...options, estimatedHours: 1 }, prices, taxRateBps);
    const unit = base.lineItems[0]!.unitPriceCents;
    const amountCents = Math.round(hours * unit);
    const line: LineItem = { ...base.lineItems[0]!, quantity: hours, amountCents, taxCents: taxOn(amountCents, taxRateBps) };
    return totals([line], taxRateBps);
  }
  const quote = quoteBooking(options, prices, taxRateBps);
  if (actuals.paintCostCents !== undefined && actuals.paintCostCents > 0) {
    if (options.service !== 'painting' || options.paintSupplier !== 'company') throw new InvalidActualsError('paintCostCents', 'paint is charged only when the company bought it');
    if (!Number.isInteger(actuals.paintCostCents)) throw new InvalidActualsError('paintCostCents', 'paint cost must be whole cents');
    const ceiling = maxPaintCostCents(options.rooms, limits);
    if (actuals.paintCostCents > ceiling) throw new InvalidActualsError('paintCostCents', `paint at cost is at most ${ceiling} cents for ${options.rooms} rooms`, ceiling);
    const paint: LineItem = { code: 'paint', unit: 'receipt', quantity: 1, unitPriceCents: actuals.paintCostCents, amountCents: actuals.paintCostCents, taxCents: taxOn(actuals.paintCostCents, taxRateBps) };
    return totals([...quote.lineItems, paint], taxRateBps);
  }
  return quote;
}

function totals(lineItems: LineItem[], taxRateBps: number): PriceQuote {
  const subtotalCents = lineItems.reduce((sum, l) => sum + l.amountCents, 0);
  const taxCents = lineItems.reduce((sum, l) => sum + l.taxCents, 0);
  return { lineItems, subtotalCents, taxRateBps, taxCents, totalCents: subtotalCents + taxCents };
}
