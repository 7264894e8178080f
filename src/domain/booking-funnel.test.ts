import { describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, funnelFromFurthest } from './booking-funnel';

describe('booking funnel drop-off', () => {
  it('counts a visitor at every step up to the furthest they reached, with drop-off between steps', () => {
    // 10 visitors: 4 left at Service, 3 at Date & Time, 1 at Payment, 2 booked.
    const rows = funnelFromFurthest({ service: 4, datetime: 3, payment: 1, confirmation: 2 }, { service: 6, options: 6 });
    expect(rows.map((r) => [r.step, r.reached, r.dropOff])).toEqual([
      ['service', 10, 4],
      ['options', 6, 0],
      ['datetime', 6, 3],
      ['address', 3, 0],
      ['signin', 3, 0],
      ['payment', 3, 1],
      ['review', 2, 0],
      ['confirmation', 2, 0],
    ]);
    expect(rows[0]).toMatchObject({ completed: 6, dropOffRate: 0.4, fromStart: 1 });
    expect(rows[2]).toMatchObject({ dropOffRate: 0.5, fromStart: 0.6 });
    expect(rows[7]).toMatchObject({ completed: 0, dropOffRate: 0, fromStart: 0.2 });
  });

  it('does not count a skipped step as lost: signed-in customers go from Address to Payment', () => {
    const rows = funnelFromFurthest({ payment: 5 });
    expect(rows.find((r) => r.step === 'signin')).toMatchObject({ reached: 5, dropOff: 0 });
  });

  it('gives rates as null when nobody came', () => {
    const rows = funnelFromFurthest({});
    expect(rows).toHaveLength(FUNNEL_STEPS.length);
    for (const row of rows) expect(row).toMatchObject({ reached: 0, dropOff: 0, dropOffRate: null, fromStart: null });
  });
});
