import { describe, expect, it } from 'vitest';
import { bookingOptionsSchema, type FurnitureOptions, type PaintingOptions, type TvOptions } from './booking-options';
import { DEFAULT_TAX_RATE_BPS, quoteBooking, taxOn, type UnitPrices } from './pricing';
import { DEFAULT_SERVICES } from './services';

/** The listed prices, built the way the server builds them from the services table. */
const listedPrices = Object.fromEntries(DEFAULT_SERVICES.map((s) => [s.slug, s.unitPriceCents])) as UnitPrices;

const tv: TvOptions = {
  service: 'tv-installation',
  screenSize: '40_55',
  bracket: 'none',
  wallRiskAccepted: true,
  limitationsAcknowledged: true,
};
const furniture = (estimatedHours: number): FurnitureOptions => ({ service: 'furniture-assembly', productName: 'IKEA BILLY', estimatedHours });
const painting = (rooms: number): PaintingOptions => ({ service: 'painting', rooms, paintSupplier: 'customer' });

describe('listed prices (spec section 9)', () => {
  it('lists TV at $45 per job, furniture at $35 per hour and painting at $250 per room, and tax at 7.5%', () => {
    expect(listedPrices).toEqual({ 'tv-installation': 4500, 'furniture-assembly': 3500, painting: 25000 });
    expect(DEFAULT_TAX_RATE_BPS).toBe(750);
  });
});

describe('quoteBooking', () => {
  it('prices a TV installation as one job: $45.00 + $3.38 tax (7.5% of $45 = $3.375, rounded up) = $48.38', () => {
    expect(quoteBooking(tv, listedPrices, DEFAULT_TAX_RATE_BPS)).toEqual({
      lineItems: [{ code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: 4500, amountCents: 4500, taxCents: 338 }],
      subtotalCents: 4500,
      taxRateBps: 750,
      taxCents: 338,
      totalCents: 4838,
    });
  });

  it('prices the TV job the same whatever the screen size or bracket', () => {
    const big: TvOptions = { ...tv, screenSize: 'over_75', bracket: 'full_motion' };
    expect(quoteBooking(big, listedPrices, DEFAULT_TAX_RATE_BPS).totalCents).toBe(4838);
  });

  it.each([
    // hours, subtotal, tax (exact), total
    [1, 3500, 263, 3763], // 262.5 -> 263
    [2, 7000, 525, 7525],
    [3, 10500, 788, 11288], // 787.5 -> 788
    [8, 28000, 2100, 30100],
  ])('prices furniture assembly for %i hour(s) at $35/hour', (hours, subtotal, tax, total) => {
    const quote = quoteBooking(furniture(hours), listedPrices, DEFAULT_TAX_RATE_BPS);
    expect(quote.lineItems).toEqual([
      { code: 'furniture_assembly', unit: 'hour', quantity: hours, unitPriceCents: 3500, amountCents: subtotal, taxCents: tax },
    ]);
    expect(quote).toMatchObject({ subtotalCents: subtotal, taxCents: tax, totalCents: total });
  });

  it.each([
    [1, 25000, 1875, 26875],
    [2, 50000, 3750, 53750],
    [3, 75000, 5625, 80625],
  ])('prices painting for %i room(s) at $250/room', (rooms, subtotal, tax, total) => {
    const quote = quoteBooking(painting(rooms), listedPrices, DEFAULT_TAX_RATE_BPS);
    expect(quote.lineItems).toEqual([
      { code: 'painting', unit: 'room', quantity: rooms, unitPriceCents: 25000, amountCents: subtotal, taxCents: tax },
    ]);
    expect(quote).toMatchObject({ subtotalCents: subtotal, taxCents: tax, totalCents: total });
  });

  it('charges no tax when the configured rate is zero', () => {
    expect(quoteBooking(painting(3), listedPrices, 0)).toMatchObject({ subtotalCents: 75000, taxRateBps: 0, taxCents: 0, totalCents: 75000 });
  });

  it('uses the unit prices from settings, not the listed defaults', () => {
    const settings: UnitPrices = { 'tv-installation': 5999, 'furniture-assembly': 4000, painting: 30000 };
    expect(quoteBooking(tv, settings, 750)).toMatchObject({ subtotalCents: 5999, taxCents: 450, totalCents: 6449 }); // 449.925 -> 450
    expect(quoteBooking(furniture(2), settings, 750)).toMatchObject({ subtotalCents: 8000, taxCents: 600, totalCents: 8600 });
    expect(quoteBooking(painting(2), settings, 750)).toMatchObject({ subtotalCents: 60000, taxCents: 4500, totalCents: 64500 });
  });

  it('uses a configured tax rate other than 7.5%', () => {
    // 7% of $45 = $3.15
    expect(quoteBooking(tv, listedPrices, 700)).toMatchObject({ taxRateBps: 700, taxCents: 315, totalCents: 4815 });
  });

  it('ignores any price or total the client sends: the options carry none, and the quote comes from settings', () => {
    const fromClient = bookingOptionsSchema.parse({
      ...tv,
      unitPriceCents: 1,
      subtotalCents: 1,
      taxCents: 0,
      totalCents: 1,
    });
    expect(fromClient).toEqual(tv);

    const quote = quoteBooking(fromClient, listedPrices, DEFAULT_TAX_RATE_BPS);
    expect(quote.lineItems[0].unitPriceCents).toBe(4500);
    expect(quote.totalCents).toBe(4838);
  });

  it('rounds tax half up per line with custom prices and rates', () => {
    // 10% of 5 cents = 0.5 -> 1; 10% of 15 cents = 1.5 -> 2
    expect(quoteBooking(tv, { ...listedPrices, 'tv-installation': 5 }, 1000)).toMatchObject({ taxCents: 1, totalCents: 6 });
    expect(quoteBooking(painting(3), { ...listedPrices, painting: 5 }, 1000)).toMatchObject({ subtotalCents: 15, taxCents: 2, totalCents: 17 });
    // 1% of 3 x 150 = 4.5 -> 5 (rounded once on the line, not 3 x round(1.5) = 6)
    expect(quoteBooking(furniture(3), { ...listedPrices, 'furniture-assembly': 150 }, 100)).toMatchObject({ subtotalCents: 450, taxCents: 5, totalCents: 455 });
  });

  it('refuses a unit price that is not whole cents instead of charging a fraction', () => {
    expect(() => quoteBooking(tv, { ...listedPrices, 'tv-installation': 4500.5 }, 750)).toThrow(RangeError);
  });
});

describe('taxOn', () => {
  it('is 7.5% of the amount, rounded half up to the cent', () => {
    expect(taxOn(4500, 750)).toBe(338); // 337.5
    expect(taxOn(10000, 750)).toBe(750);
    expect(taxOn(0, 750)).toBe(0);
  });

  it.each([
    // amount, rate, exact tax, expected
    [60, 750, '4.5', 5],
    [59, 750, '4.425', 4],
    [61, 750, '4.575', 5],
    [60, 749, '4.494', 4],
    [60, 751, '4.506', 5],
    [5000, 1, '0.5', 1],
    [4999, 1, '0.4999', 0],
    [5001, 1, '0.5001', 1],
    [25, 1000, '2.5', 3],
    [24, 1000, '2.4', 2],
    [26, 1000, '2.6', 3],
    [1, 5000, '0.5', 1],
  ])('taxes %i cents at %i bp (exact %s) as %i cents', (amount, rate, _exact, expected) => {
    expect(taxOn(amount, rate)).toBe(expected);
  });

  it('is zero at a zero rate', () => {
    expect(taxOn(4500, 0)).toBe(0);
    expect(taxOn(1, 0)).toBe(0);
  });

  it.each([-1, -4500, 0.5, 4500.01, Number.NaN, Number.POSITIVE_INFINITY])('rejects the amount %s', (amount) => {
    expect(() => taxOn(amount, 750)).toThrow(RangeError);
    expect(() => taxOn(amount, 750)).toThrow('amountCents must be a non-negative integer');
  });

  it.each([-750, 7.5, Number.NaN])('rejects the rate %s', (rate) => {
    expect(() => taxOn(4500, rate)).toThrow(RangeError);
    expect(() => taxOn(4500, rate)).toThrow('rateBps must be a non-negative integer');
  });
});
