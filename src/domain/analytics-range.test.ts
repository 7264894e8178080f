import { describe, expect, it } from 'vitest';
import { customRangeProblem, datesOf, isCalendarDate, resolveRange, tampaToday } from './analytics-range';

// Saturday 2026-11-21, 10:00 Tampa (EST, UTC-5)
const NOW = new Date('2026-11-21T15:00:00Z');

describe('analytics periods in Tampa days', () => {
  it('today is the Tampa date, also late in the Tampa evening when UTC is already tomorrow', () => {
    expect(tampaToday(new Date('2026-11-22T04:30:00Z'))).toBe('2026-11-21');
    expect(resolveRange('today', new Date('2026-11-22T04:30:00Z'))).toEqual({
      from: '2026-11-21',
      to: '2026-11-21',
      startsAt: new Date('2026-11-21T05:00:00Z'),
      endsAt: new Date('2026-11-22T05:00:00Z'),
    });
  });

  it('the last 7, 30 and 90 days include today', () => {
    expect(resolveRange('7d', NOW)).toMatchObject({ from: '2026-11-15', to: '2026-11-21' });
    expect(resolveRange('30d', NOW)).toMatchObject({ from: '2026-10-23', to: '2026-11-21' });
    expect(resolveRange('90d', NOW)).toMatchObject({ from: '2026-08-24', to: '2026-11-21' });
    expect(datesOf(resolveRange('7d', NOW))).toEqual(['2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21']);
  });

  it('spans 25 hours over the fall-back day and 23 over the spring-forward day', () => {
    const fall = resolveRange('custom', NOW, { from: '2026-11-01', to: '2026-11-01' });
    expect(fall.startsAt).toEqual(new Date('2026-11-01T04:00:00Z'));
    expect(fall.endsAt.getTime() - fall.startsAt.getTime()).toBe(25 * 3_600_000);
    const spring = resolveRange('custom', NOW, { from: '2026-03-08', to: '2026-03-08' });
    expect(spring.endsAt.getTime() - spring.startsAt.getTime()).toBe(23 * 3_600_000);
    expect(datesOf({ from: '2026-03-07', to: '2026-03-09' })).toEqual(['2026-03-07', '2026-03-08', '2026-03-09']);
  });

  it('checks custom dates', () => {
    expect(customRangeProblem('2026-11-01', '2026-11-21', NOW)).toBeNull();
    expect(customRangeProblem('2026-02-30', '2026-03-01', NOW)).toBe('analytics.errors.dateInvalid');
    expect(customRangeProblem('2026-11-21', '2026-11-01', NOW)).toBe('analytics.errors.rangeInverted');
    expect(customRangeProblem('2026-11-01', '2026-11-22', NOW)).toBe('analytics.errors.rangeOutside');
    expect(customRangeProblem('2019-12-31', '2020-01-02', NOW)).toBe('analytics.errors.rangeOutside');
    expect(customRangeProblem('2024-11-01', '2026-11-01', NOW)).toBe('analytics.errors.rangeTooLong');
    expect(customRangeProblem('2025-11-21', '2026-11-21', NOW)).toBeNull(); // 366 days
    expect(() => resolveRange('custom', NOW, { from: '2026-11-05' })).toThrow(RangeError);
  });

  it('knows real calendar dates', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-5')).toBe(false);
    expect(isCalendarDate('9999-99-99')).toBe(false);
  });
});
