import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FURNITURE_MAX_HOURS, FURNITURE_MIN_HOURS, PAINTING_MAX_ROOMS } from './booking-options';
import { finalQuote, InvalidActualsError } from './final-price';
import { DEFAULT_MONEY_LIMITS, INT4_MAX, maxActualHours, maxPaintCostCents, needsFinalApproval } from './money-limits';
import { DEFAULT_TAX_RATE_BPS } from './pricing';

const prices = { 'tv-installation': 4500, 'furniture-assembly': 3500, painting: 25000 };
const estimate = fc.integer({ min: FURNITURE_MIN_HOURS, max: FURNITURE_MAX_HOURS });
const halfHours = fc.integer({ min: 2, max: 2 * 48 }).map((n) => n / 2);
const rooms = fc.integer({ min: 1, max: PAINTING_MAX_ROOMS });
const furniture = (estimatedHours: number) => ({ service: 'furniture-assembly' as const, productName: 'Desk', estimatedHours });
const painting = (n: number) => ({ service: 'painting' as const, rooms: n, paintSupplier: 'company' as const });

describe('final-amount ceilings (issue #9)', () => {
  it('allow max(2x estimate, estimate + 4) hours, never above 12, in half hours', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((h) => maxActualHours(h))).toEqual([5, 6, 7, 8, 10, 12, 12, 12]);
    fc.assert(
      fc.property(estimate, (hours) => {
        const ceiling = maxActualHours(hours);
        expect(ceiling).toBeLessThanOrEqual(DEFAULT_MONEY_LIMITS.hoursCap);
        expect(ceiling).toBeGreaterThanOrEqual(Math.min(hours, DEFAULT_MONEY_LIMITS.hoursCap));
        expect(Number.isInteger(ceiling * 2)).toBe(true);
      }),
    );
  });

  it('accept every half hour up to the ceiling and refuse every one above it', () => {
    fc.assert(
      fc.property(estimate, halfHours, (estimatedHours, actualHours) => {
        const ceiling = maxActualHours(estimatedHours);
        const quote = () => finalQuote(furniture(estimatedHours), { actualHours }, prices, DEFAULT_TAX_RATE_BPS);
        if (actualHours <= ceiling) {
          expect(quote().lineItems[0]!.quantity).toBe(actualHours);
        } else {
          expect(quote).toThrow(InvalidActualsError);
          try {
            quote();
          } catch (error) {
            expect((error as InvalidActualsError).ceiling).toBe(ceiling);
          }
        }
      }),
    );
  });

  it('keep paint at cost to $500 a room, and every final total within the integer column', () => {
    fc.assert(
      fc.property(rooms, fc.integer({ min: 0, max: INT4_MAX }), (n, paintCostCents) => {
        const quote = () => finalQuote(painting(n), { paintCostCents }, prices, DEFAULT_TAX_RATE_BPS);
        if (paintCostCents > maxPaintCostCents(n)) {
          expect(quote).toThrow(InvalidActualsError);
          return;
        }
        const total = quote().totalCents;
        expect(total).toBeLessThanOrEqual(INT4_MAX);
        expect(total).toBeLessThanOrEqual(Math.ceil((n * prices.painting + maxPaintCostCents(n)) * 1.075) + 2);
      }),
    );
  });

  it('bound the furniture final total by the ceiling hours at the booked rate plus tax', () => {
    fc.assert(
      fc.property(estimate, halfHours, (estimatedHours, actualHours) => {
        fc.pre(actualHours <= maxActualHours(estimatedHours));
        const { totalCents } = finalQuote(furniture(estimatedHours), { actualHours }, prices, DEFAULT_TAX_RATE_BPS);
        expect(totalCents).toBeLessThanOrEqual(Math.round(12 * 3500 * 1.075) + 1);
      }),
    );
  });

  it('ask for approval exactly when the final amount exceeds the booking by more than the limit', () => {
    expect(needsFinalApproval(4838 + 15_000, 4838)).toBe(false);
    expect(needsFinalApproval(4838 + 15_001, 4838)).toBe(true);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (finalCents, heldCents) => {
        expect(needsFinalApproval(finalCents, heldCents)).toBe(finalCents - heldCents > DEFAULT_MONEY_LIMITS.approvalAboveHoldCents);
        // Below the booking never needs approval.
        if (finalCents <= heldCents) expect(needsFinalApproval(finalCents, heldCents)).toBe(false);
      }),
    );
  });
});
