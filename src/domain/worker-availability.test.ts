import { describe, expect, it } from 'vitest';
import { etaMinutesSchema } from './arrival';
import { availabilityRequestSchema, availabilitySchema } from './worker-availability';

const issues = (input: unknown, schema = availabilityRequestSchema) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('the availability rules (API and editor)', () => {
  it('takes half-hour ranges up to midnight and inclusive time off', () => {
    expect(issues({ weekly: [{ weekday: 1, startMinute: 0, endMinute: 1440 }, { weekday: 2, startMinute: 480, endMinute: 510 }], timeOff: [{ startsOn: '2026-12-24', endsOn: '2026-12-24' }] })).toEqual([]);
  });

  it('refuses off-grid times, an end not after its start, and time off ending before it starts', () => {
    expect(
      issues({ weekly: [{ weekday: 1, startMinute: 485, endMinute: 720 }, { weekday: 2, startMinute: 600, endMinute: 600 }], timeOff: [{ startsOn: '2026-12-24', endsOn: '2026-12-23' }, { startsOn: '2026-02-30', endsOn: '2026-03-01' }] }),
    ).toEqual([
      ['weekly.0.startMinute', 'dispatchErrors.rangeInvalid'],
      ['weekly.1.endMinute', 'dispatchErrors.rangeInverted'],
      ['timeOff.0.endsOn', 'dispatchErrors.rangeInverted'],
      ['timeOff.1.startsOn', 'dispatchErrors.dateInvalid'],
    ]);
  });

  it('reports an overlap on the range of the day that starts later, whatever the order sent', () => {
    const weekly = [
      { weekday: 1, startMinute: 660, endMinute: 900 },
      { weekday: 1, startMinute: 480, endMinute: 720 },
      { weekday: 2, startMinute: 480, endMinute: 720 },
      { weekday: 1, startMinute: 900, endMinute: 1020 },
    ];
    expect(issues({ weekly, timeOff: [] })).toEqual([['weekly.0', 'dispatchErrors.rangesOverlap']]);
  });

  it("words the same refusals with a form's own keys", () => {
    const form = availabilitySchema({ time: 't', rangeInverted: 'inverted', overlap: 'overlap', date: 'date', timeOffInverted: 'offInverted', noteTooLong: 'long' });
    expect(issues({ weekly: [{ weekday: 1, startMinute: 480, endMinute: 720 }, { weekday: 1, startMinute: 600, endMinute: 660 }], timeOff: [{ startsOn: '2026-12-24', endsOn: '2026-12-20', note: 'x'.repeat(201) }] }, form)).toEqual([
      ['weekly.1', 'overlap'],
      ['timeOff.0.note', 'long'],
      ['timeOff.0.endsOn', 'offInverted'],
    ]);
  });
});

describe('the ETA a worker gives when heading out', () => {
  it('is 5 to 240 whole minutes', () => {
    expect([4, 5, 240, 241, 12.5, Number.NaN].map((minutes) => etaMinutesSchema.safeParse(minutes).success)).toEqual([false, true, true, false, false, false]);
  });
});
