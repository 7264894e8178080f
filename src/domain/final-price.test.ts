import { describe, expect, it } from 'vitest';
import { finalQuote, InvalidActualsError } from './final-price';
import { summarizeLedger } from './ledger';

const prices = { 'tv-installation': 4500, 'furniture-assembly': 3500, painting: 25000 };

describe('final price of a completed job', () => {
  it('charges furniture for the actual hours in half hours', () => {
    const quote = finalQuote({ service: 'furniture-assembly', productName: 'Desk', estimatedHours: 2 }, { actualHours: 3.5 }, prices, 750);
    expect(quote.lineItems).toEqual([{ code: 'furniture_assembly', unit: 'hour', quantity: 3.5, unitPriceCents: 3500, amountCents: 12250, taxCents: 919 }]);
    expect(quote.totalCents).toBe(13169);
  });

  it('refuses quarter hours and less than one hour', () => {
    const options = { service: 'furniture-assembly' as const, productName: 'Desk', estimatedHours: 2 };
    expect(() => finalQuote(options, { actualHours: 1.25 }, prices, 750)).toThrow(InvalidActualsError);
    expect(() => finalQuote(options, { actualHours: 0.5 }, prices, 750)).toThrow(InvalidActualsError);
  });

  it('adds paint at cost plus tax only when the company bought it', () => {
    const quote = finalQuote({ service: 'painting', rooms: 2, paintSupplier: 'company' }, { paintCostCents: 8000 }, prices, 750);
    expect(quote.lineItems.map((l) => [l.code, l.amountCents, l.taxCents])).toEqual([['painting', 50000, 3750], ['paint', 8000, 600]]);
    expect(quote.totalCents).toBe(62350);
    expect(() => finalQuote({ service: 'painting', rooms: 1, paintSupplier: 'customer' }, { paintCostCents: 100 }, prices, 750)).toThrow(InvalidActualsError);
  });

  it('keeps the booked price when nothing changed', () => {
    expect(finalQuote({ service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true }, {}, prices, 750).totalCents).toBe(4838);
  });
});

describe('ledger summary', () => {
  it('counts captures, fees and extra charges less refunds as paid; authorizations move no money', () => {
    expect(
      summarizeLedger([
        { kind: 'hold_placed', amountCents: 7525 },
        { kind: 'captured', amountCents: 7525 },
        { kind: 'extra_charge', amountCents: 5644 },
        { kind: 'refunded', amountCents: 1000 },
        { kind: 'voided', amountCents: 0 },
      ]),
    ).toEqual({ heldCents: 7525, capturedCents: 7525, extraChargedCents: 5644, refundedCents: 1000, paidCents: 12169, tippedCents: 0 });
    expect(summarizeLedger([{ kind: 'hold_placed', amountCents: 4838 }, { kind: 'fee_captured', amountCents: 2419 }]).paidCents).toBe(2419);
  });

  it('keeps a tip apart from what was paid for the job, so a refund can never reach it', () => {
    const money = summarizeLedger([
      { kind: 'captured', amountCents: 4838 },
      { kind: 'tip', amountCents: 725 },
      { kind: 'refunded', amountCents: 1000 },
    ]);
    expect(money.paidCents).toBe(3838);
    expect(money.tippedCents).toBe(725);
  });
});
