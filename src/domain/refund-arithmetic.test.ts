import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RefundTooLargeError, splitRefund, summarizeLedger, type LedgerEntry } from './ledger';

const cents = fc.integer({ min: 0, max: 200_000 });

describe('refund arithmetic (issue #9)', () => {
  it('takes a refund from the capture first, then from the extra charge', () => {
    const money = { capturedCents: 4838, extraChargedCents: 2000, refundedCents: 0 };
    expect(splitRefund(money, 0, 1000)).toEqual({ fromCaptureCents: 1000, fromExtraChargeCents: 0 });
    expect(splitRefund(money, 0, 5838)).toEqual({ fromCaptureCents: 4838, fromExtraChargeCents: 1000 });
    expect(splitRefund({ ...money, refundedCents: 4838 }, 0, 500)).toEqual({ fromCaptureCents: 0, fromExtraChargeCents: 500 });
    expect(() => splitRefund(money, 6000, 900)).toThrow(RefundTooLargeError);
    expect(() => splitRefund(money, 0, 0)).toThrow(RangeError);
  });

  it('never lets a sequence of refunds, in flight or settled, exceed what was taken, nor either charge', () => {
    fc.assert(
      fc.property(cents, cents, fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 30 }), fc.array(fc.boolean(), { maxLength: 30 }), (captured, extra, asks, settleNow) => {
        let refunded = 0;
        let inFlight = 0;
        const fromCapture = { settled: 0, flying: 0 };
        for (const [i, amount] of asks.entries()) {
          try {
            const split = splitRefund({ capturedCents: captured, extraChargedCents: extra, refundedCents: refunded }, inFlight, amount);
            expect(split.fromCaptureCents + split.fromExtraChargeCents).toBe(amount);
            expect(split.fromCaptureCents).toBeGreaterThanOrEqual(0);
            expect(split.fromExtraChargeCents).toBeGreaterThanOrEqual(0);
            if (settleNow[i]) {
              refunded += amount;
              fromCapture.settled += split.fromCaptureCents;
            } else {
              inFlight += amount;
              fromCapture.flying += split.fromCaptureCents;
            }
          } catch (error) {
            expect(error).toBeInstanceOf(RefundTooLargeError);
            expect(amount).toBeGreaterThan(captured + extra - refunded - inFlight);
            expect((error as RefundTooLargeError).availableCents).toBe(captured + extra - refunded - inFlight);
          }
          expect(refunded + inFlight).toBeLessThanOrEqual(captured + extra);
          expect(fromCapture.settled + fromCapture.flying).toBeLessThanOrEqual(captured);
        }
      }),
    );
  });

  it('keeps the paid total equal to captured + extra - refunded, and never negative after allowed refunds', () => {
    const kinds = fc.constantFrom<LedgerEntry['kind']>('hold_placed', 'hold_expired', 'captured', 'fee_captured', 'extra_charge', 'voided');
    fc.assert(
      fc.property(fc.array(fc.record({ kind: kinds, amountCents: cents }), { maxLength: 10 }), fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 10 }), (movements, asks) => {
        const entries: LedgerEntry[] = [...movements];
        for (const amount of asks) {
          const money = summarizeLedger(entries);
          try {
            splitRefund(money, 0, amount);
            entries.push({ kind: 'refunded', amountCents: amount });
          } catch {
            // refused: nothing recorded
          }
        }
        const money = summarizeLedger(entries);
        expect(money.paidCents).toBe(money.capturedCents + money.extraChargedCents - money.refundedCents);
        expect(money.paidCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});
