/**
 * Percentiles of a sample, the way PostgreSQL's `percentile_cont` computes them (the
 * analytics reports take them from SQL; this is the rule they are checked against): the values
 * sorted ascending, the fraction's position `f * (n - 1)` between two neighbours interpolated
 * linearly. p75 is how Google judges a page's Core Web Vitals (web.dev/articles/vitals, "75th
 * percentile"); the median is p50.
 */

/**
 * @param values the sample, in any order (not changed)
 * @param fraction between 0 and 1, e.g. 0.75
 * @returns the percentile, or null for an empty sample
 * @throws RangeError when fraction is outside [0, 1]
 */
export function percentile(values: readonly number[], fraction: number): number | null {
  if (!(fraction >= 0 && fraction <= 1)) throw new RangeError('fraction must be between 0 and 1');
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const position = fraction * (sorted.length - 1);
  const below = Math.floor(position);
  const above = Math.ceil(position);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (position - below);
}

/** The 75th percentile (Core Web Vitals). */
export const p75 = (values: readonly number[]) => percentile(values, 0.75);

/** The median. */
export const median = (values: readonly number[]) => percentile(values, 0.5);
