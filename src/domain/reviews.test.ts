import { describe, expect, it } from 'vitest';
import { isRating, reviewRefusal, reviewWindowEnds, summarizeRatings } from './reviews';

const DONE = new Date('2026-11-23T16:30:00Z');

describe('reviews', () => {
  it('are taken from completion until 14 days after it', () => {
    expect(reviewWindowEnds(DONE).toISOString()).toBe('2026-12-07T16:30:00.000Z');
    expect(reviewRefusal({ status: 'completed', completedAt: DONE }, DONE)).toBeNull();
    expect(reviewRefusal({ status: 'completed', completedAt: DONE }, new Date('2026-12-07T16:29:59Z'))).toBeNull();
    expect(reviewRefusal({ status: 'completed', completedAt: DONE }, new Date('2026-12-07T16:30:00Z'))).toBe('review_window_closed');
  });

  it('need a completed job', () => {
    for (const status of ['pending', 'confirmed', 'in_progress', 'cancelled', 'no_show']) expect(reviewRefusal({ status, completedAt: null }, DONE)).toBe('booking_not_completed');
  });

  it('rate 1 to 5 whole stars', () => {
    expect([0, 1, 3, 5, 6, 4.5, '5', null].map(isRating)).toEqual([false, true, true, true, false, false, false, false]);
  });

  it('average to one decimal, none without reviews', () => {
    expect(summarizeRatings([])).toEqual({ average: null, count: 0 });
    expect(summarizeRatings([5, 4])).toEqual({ average: 4.5, count: 2 });
    expect(summarizeRatings([5, 5, 4])).toEqual({ average: 4.7, count: 3 });
  });
});
