import { describe, expect, it } from 'vitest';
import { blockPosition, hourMarks, shiftDate, spanFor } from './calendar-layout';

const DAY = '2026-11-23T05:00:00.000Z'; // Monday, Tampa midnight (EST)

describe('day view layout', () => {
  it('places a 10:00-11:00 job on the 7:00-21:00 span', () => {
    const span = spanFor(DAY, []);
    expect(span).toEqual({ fromMinute: 420, toMinute: 1260 });
    const { left, width } = blockPosition(span, DAY, { scheduledStart: '2026-11-23T15:00:00.000Z', scheduledEnd: '2026-11-23T16:00:00.000Z' });
    expect(left).toBeCloseTo((180 / 840) * 100);
    expect(width).toBeCloseTo((60 / 840) * 100);
  });

  it('widens the span to whole hours around a job outside it', () => {
    const span = spanFor(DAY, [{ scheduledStart: '2026-11-23T11:30:00.000Z', scheduledEnd: '2026-11-24T02:15:00.000Z' }]); // 6:30 to 21:15
    expect(span).toEqual({ fromMinute: 360, toMinute: 22 * 60 });
    expect(hourMarks(span)).toEqual([360, 480, 600, 720, 840, 960, 1080, 1200]);
  });

  it('moves dates across months and years', () => {
    expect(shiftDate('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDate('2027-01-01', -1)).toBe('2026-12-31');
    expect(shiftDate('2028-02-28', 1)).toBe('2028-02-29');
  });
});
