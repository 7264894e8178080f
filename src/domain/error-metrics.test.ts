import { describe, expect, it } from 'vitest';
import { errorMetricsWindow } from './error-metrics';

describe('errorMetricsWindow', () => {
  it('is the last N Tampa days, today included', () => {
    // 2026-11-22 03:00 UTC is still Saturday the 21st in Tampa
    expect(errorMetricsWindow(new Date('2026-11-22T03:00:00Z'), 7)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(errorMetricsWindow(new Date('2026-11-22T05:00:00Z'), 1)).toEqual({ from: '2026-11-22', to: '2026-11-22' });
  });

  it('counts calendar days across the DST change', () => {
    expect(errorMetricsWindow(new Date('2026-03-10T12:00:00Z'), 3)).toEqual({ from: '2026-03-08', to: '2026-03-10' });
    expect(errorMetricsWindow(new Date('2026-11-02T12:00:00Z'), 2)).toEqual({ from: '2026-11-01', to: '2026-11-02' });
  });
});
