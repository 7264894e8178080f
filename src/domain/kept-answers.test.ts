import { describe, expect, it } from 'vitest';
import { KeptAnswers } from './kept-answers';

describe('KeptAnswers', () => {
  it('computes an answer once per key, and again after emptying at its limit', () => {
    const kept = new KeptAnswers<string, number>(2);
    let computed = 0;
    const square = (n: number) => () => (computed++, n * n);
    expect(kept.get('3', square(3))).toBe(9);
    expect(kept.get('3', square(3))).toBe(9);
    expect(kept.get('4', square(4))).toBe(16);
    expect(computed).toBe(2);
    kept.get('5', square(5)); // full: emptied, then 5 kept
    expect(kept.get('3', square(3))).toBe(9);
    expect(computed).toBe(4);
  });

  it('keeps nothing for a computation that throws', () => {
    const kept = new KeptAnswers<string, number>(10);
    let calls = 0;
    const failing = () => {
      calls++;
      throw new RangeError('bad key');
    };
    expect(() => kept.get('x', failing)).toThrow(RangeError);
    expect(() => kept.get('x', failing)).toThrow(RangeError);
    expect(calls).toBe(2);
  });
});
