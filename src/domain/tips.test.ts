import { describe, expect, it } from 'vitest';
import { isAllowedTip, maxTipCents, tipPresets, tipRefusal, tipWindowEnds } from './tips';

const DONE = new Date('2026-11-23T16:30:00Z');

describe('tips', () => {
  it('are taken from completion until 48 hours after it', () => {
    expect(tipWindowEnds(DONE).toISOString()).toBe('2026-11-25T16:30:00.000Z');
    expect(tipRefusal({ status: 'completed', completedAt: DONE }, new Date('2026-11-25T16:29:59Z'))).toBeNull();
    expect(tipRefusal({ status: 'completed', completedAt: DONE }, new Date('2026-11-25T16:30:00Z'))).toBe('tip_window_closed');
    expect(tipRefusal({ status: 'in_progress', completedAt: null }, DONE)).toBe('booking_not_completed');
  });

  it('go from $1 to the job total, never above $500', () => {
    expect(maxTipCents(4838)).toBe(4838);
    expect(maxTipCents(150_000)).toBe(50_000);
    expect(maxTipCents(50)).toBe(100);
    expect([99, 100, 4838, 4839, 250.5].map((cents) => isAllowedTip(cents, 4838))).toEqual([false, true, true, false, false]);
  });

  it('suggest 10, 15 and 20% of the total, to the cent', () => {
    expect(tipPresets(4838)).toEqual([
      { percent: 10, amountCents: 484 },
      { percent: 15, amountCents: 726 },
      { percent: 20, amountCents: 968 },
    ]);
    expect(tipPresets(500).map((p) => p.amountCents)).toEqual([100, 100, 100]);
  });
});
