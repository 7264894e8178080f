import { describe, expect, it } from 'vitest';
import { median, p75, percentile } from './percentile';

describe('percentile (PostgreSQL percentile_cont)', () => {
  it('interpolates between neighbours', () => {
    // sorted 1 2 3 4 10: position 0.75 * 4 = 3 -> 4; median position 2 -> 3
    expect(p75([10, 1, 3, 2, 4])).toBe(4);
    expect(median([10, 1, 3, 2, 4])).toBe(3);
    // 1 2 3 4: position 2.25 -> 3 + 0.25 * (4 - 3)
    expect(p75([4, 3, 2, 1])).toBe(3.25);
    expect(median([1, 2, 3, 4])).toBe(2.5);
  });

  it('gives the single value of a one-value sample, null for none', () => {
    expect(p75([1234])).toBe(1234);
    expect(p75([])).toBeNull();
  });

  it('gives the minimum at 0 and the maximum at 1, and refuses fractions outside', () => {
    expect(percentile([5, 9, 1], 0)).toBe(1);
    expect(percentile([5, 9, 1], 1)).toBe(9);
    expect(() => percentile([1], 1.5)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });

  it('leaves the sample as it was', () => {
    const sample = [3, 1, 2];
    p75(sample);
    expect(sample).toEqual([3, 1, 2]);
  });
});
