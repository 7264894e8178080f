import { describe, expect, it } from 'vitest';
import { availableStarts, bookableDates, businessDate, businessDay, businessTime, businessWeekday, DEFAULT_SLOT_RULES, hoursOn, isBookableDate, isOfferedStart } from './slots';

const HOUR = 60;
const MINUTE_MS = 60_000;

/** Tampa wall-clock time of an instant as 'HH:mm', through Intl (independent of the code under test). */
const tampaClock = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const localTimes = (starts: Date[]) => starts.map((start) => tampaClock.format(start));
const isoTimes = (starts: Date[]) => starts.map((start) => start.toISOString());
const gapsInMinutes = (starts: Date[]) => starts.slice(1).map((start, i) => (start.getTime() - starts[i].getTime()) / MINUTE_MS);

/** 'HH:mm' every 30 minutes from `from` to `to` inclusive, e.g. halfHours('08:00', '09:00') = 08:00, 08:30, 09:00. */
function halfHours(from: string, to: string): string[] {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  const times: string[] = [];
  for (let m = minutes(from); m <= minutes(to); m += 30) {
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  }
  return times;
}

/** Calendar dates from `first`, one a day, as 'YYYY-MM-DD' (computed in UTC, so free of DST). */
function consecutiveDates(first: string, count: number): string[] {
  const [y, m, d] = first.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10));
}

// Saturday 2026-11-21, 10:05 in Tampa (EST, UTC-5).
const NOW = new Date('2026-11-21T15:05:00Z');

describe('the default rules', () => {
  it('open 8:00-20:00 with a start every 30 minutes, two hours ahead, for today and 14 more days', () => {
    expect(DEFAULT_SLOT_RULES).toEqual({ openMinute: 480, closeMinute: 1200, stepMinutes: 30, leadMinutes: 120, daysAhead: 14 });
  });
});

describe('isBookableDate', () => {
  it('is true from today to the last bookable day in Tampa, false before, after, and far away', () => {
    expect(isBookableDate('2026-11-21', NOW)).toBe(true);
    expect(isBookableDate('2026-12-05', NOW)).toBe(true);
    for (const date of ['2026-11-20', '2026-12-06', '9999-12-31', '0000-01-01', 'not a date']) expect(isBookableDate(date, NOW)).toBe(false);
    expect(isBookableDate('2026-11-22', NOW, { ...DEFAULT_SLOT_RULES, daysAhead: 0 })).toBe(false);
  });
});

describe('bookableDates', () => {
  it('offers today and the next 14 days (15 dates)', () => {
    expect(bookableDates(NOW)).toEqual([
      '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28',
      '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05',
    ]);
  });

  it('starts with today in Tampa at 23:30 local, when it is already tomorrow in UTC', () => {
    const lateEvening = new Date('2026-11-22T04:30:00Z'); // 2026-11-21 23:30 EST
    const dates = bookableDates(lateEvening);
    expect(dates[0]).toBe('2026-11-21');
    expect(dates).toEqual(consecutiveDates('2026-11-21', 15));
  });

  it('moves to the next day at local midnight', () => {
    expect(bookableDates(new Date('2026-11-22T05:00:00Z'))[0]).toBe('2026-11-22'); // 00:00 EST
    expect(bookableDates(new Date('2026-11-22T04:59:59Z'))[0]).toBe('2026-11-21'); // 23:59:59 EST
  });

  it('answers requests on both sides of midnight in turn, as requests in flight across it ask', () => {
    for (let round = 0; round < 3; round++) {
      expect(bookableDates(new Date('2026-11-22T04:59:30Z'))[0]).toBe('2026-11-21');
      expect(isBookableDate('2026-12-06', new Date('2026-11-22T05:00:10Z'))).toBe(true);
      expect(isBookableDate('2026-12-06', new Date('2026-11-22T04:59:30Z'))).toBe(false);
      expect(bookableDates(new Date('2026-11-22T05:00:10Z'), { ...DEFAULT_SLOT_RULES, daysAhead: 1 })).toEqual(['2026-11-22', '2026-11-23']);
    }
  });

  it('neither skips nor repeats a date across the spring-forward night', () => {
    // 2026-03-01 02:30 EST: 02:30 does not exist on 2026-03-08.
    expect(bookableDates(new Date('2026-03-01T07:30:00Z'))).toEqual(consecutiveDates('2026-03-01', 15));
  });

  it('neither skips nor repeats a date across the fall-back night', () => {
    // 2026-10-25 23:30 EDT; the same wall time on 2026-11-01 is EST.
    expect(bookableDates(new Date('2026-10-26T03:30:00Z'))).toEqual(consecutiveDates('2026-10-25', 15));
  });

  it('honours a configured number of days ahead', () => {
    expect(bookableDates(NOW, { ...DEFAULT_SLOT_RULES, daysAhead: 2 })).toEqual(['2026-11-21', '2026-11-22', '2026-11-23']);
  });
});

describe('businessDate and businessTime', () => {
  it('reads the date in Tampa, not in UTC', () => {
    expect(businessDate(new Date('2026-11-22T04:30:00Z'))).toBe('2026-11-21');
    expect(businessDate(new Date('2026-11-22T05:00:00Z'))).toBe('2026-11-22');
  });

  it('gives every instant around midnight and the DST changes the date a Tampa wall clock shows, asked once or again', () => {
    const tampaDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' });
    const around = ['2026-03-08T05:00:00Z', '2026-03-08T07:00:00Z', '2026-11-01T04:00:00Z', '2026-11-01T06:00:00Z', '2026-11-22T05:00:00Z'];
    for (const pass of [1, 2]) {
      for (const iso of around) {
        for (let seconds = -3 * 3600; seconds <= 3 * 3600; seconds += 59) {
          const instant = new Date(Date.parse(iso) + seconds * 1000 + pass * 7);
          expect(businessDate(instant), `${instant.toISOString()} (pass ${pass})`).toBe(tampaDate.format(instant));
        }
      }
    }
  });

  it('builds the UTC instant of a Tampa wall-clock time', () => {
    expect(businessTime('2026-11-21', 8 * HOUR).toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(businessTime('2026-07-04', 8 * HOUR).toISOString()).toBe('2026-07-04T12:00:00.000Z');
    expect(businessTime('2026-11-21', 20 * HOUR).toISOString()).toBe('2026-11-22T01:00:00.000Z');
  });

  it.each(['2026-3-8', '2026/03/08', ''])('rejects the malformed date %j', (date) => {
    expect(() => businessTime(date, 480)).toThrow(RangeError);
  });
});

describe('availableStarts on an ordinary day', () => {
  const MONDAY = '2026-11-23';

  it('offers a 1-hour job every 30 minutes from 8:00 to 19:00 (it must end by 20:00)', () => {
    const starts = availableStarts(MONDAY, 60, NOW);
    expect(localTimes(starts)).toEqual(halfHours('08:00', '19:00'));
    expect(starts).toHaveLength(23);
    expect(starts[0].toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(starts[22].toISOString()).toBe('2026-11-24T00:00:00.000Z');
  });

  it('offers a 4-hour job (one room of painting) until 16:00', () => {
    const starts = availableStarts(MONDAY, 4 * HOUR, NOW);
    expect(localTimes(starts)).toEqual(halfHours('08:00', '16:00'));
    expect(starts).toHaveLength(17);
  });

  it('offers an 8-hour job until 12:00', () => {
    expect(localTimes(availableStarts(MONDAY, 8 * HOUR, NOW))).toEqual(halfHours('08:00', '12:00'));
  });

  it('offers a 12-hour job (three rooms of painting) only at 8:00', () => {
    expect(isoTimes(availableStarts(MONDAY, 12 * HOUR, NOW))).toEqual(['2026-11-23T13:00:00.000Z']);
  });

  it('offers nothing for a job longer than the business day', () => {
    expect(availableStarts(MONDAY, 12 * HOUR + 30, NOW)).toEqual([]);
  });
});

describe('availableStarts today: two hours of lead time', () => {
  it('at 10:05 offers 12:30 first (12:05 is not a step)', () => {
    const starts = availableStarts('2026-11-21', 60, NOW);
    expect(starts[0].toISOString()).toBe('2026-11-21T17:30:00.000Z');
    expect(localTimes(starts)).toEqual(halfHours('12:30', '19:00'));
  });

  it('offers a start exactly two hours away', () => {
    const tenSharp = new Date('2026-11-21T15:00:00Z'); // 10:00 EST
    expect(localTimes(availableStarts('2026-11-21', 60, tenSharp))[0]).toBe('12:00');
    expect(localTimes(availableStarts('2026-11-21', 60, new Date(tenSharp.getTime() + 1)))[0]).toBe('12:30');
  });

  it('offers the whole day before 6:00', () => {
    const early = new Date('2026-11-21T10:00:00Z'); // 05:00 EST
    expect(localTimes(availableStarts('2026-11-21', 60, early))).toEqual(halfHours('08:00', '19:00'));
  });

  it('offers nothing more today once no job can end by closing', () => {
    expect(availableStarts('2026-11-21', 60, new Date('2026-11-21T22:01:00Z'))).toEqual([]); // 17:01 EST: 19:01 is too late
    expect(localTimes(availableStarts('2026-11-21', 60, new Date('2026-11-21T22:00:00Z')))).toEqual(['19:00']); // 17:00 EST
    expect(availableStarts('2026-11-21', 4 * HOUR, NOW)).toHaveLength(8); // 12:30 .. 16:00
  });
});

describe('availableStarts around daylight-saving changes', () => {
  const BEFORE_SPRING = new Date('2026-03-01T15:00:00Z');
  const BEFORE_FALL = new Date('2026-10-25T14:00:00Z');
  const normalDayCount = availableStarts('2026-11-23', 60, NOW).length;

  it('on the day before spring forward (EST) opens at 13:00Z', () => {
    const starts = availableStarts('2026-03-07', 60, BEFORE_SPRING);
    expect(starts[0].toISOString()).toBe('2026-03-07T13:00:00.000Z');
    expect(starts.at(-1)?.toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(starts).toHaveLength(normalDayCount);
  });

  it('on 2026-03-08 (spring forward, EDT) opens at 12:00Z and offers the full day', () => {
    const starts = availableStarts('2026-03-08', 60, BEFORE_SPRING);
    expect(starts[0].toISOString()).toBe('2026-03-08T12:00:00.000Z');
    expect(starts.at(-1)?.toISOString()).toBe('2026-03-08T23:00:00.000Z');
    expect(localTimes(starts)).toEqual(halfHours('08:00', '19:00'));
    expect(starts).toHaveLength(normalDayCount);
    expect(new Set(gapsInMinutes(starts))).toEqual(new Set([30]));
  });

  it('on 2026-03-08 a 12-hour job starts at 8:00 EDT and ends at 20:00 EDT', () => {
    expect(isoTimes(availableStarts('2026-03-08', 12 * HOUR, BEFORE_SPRING))).toEqual(['2026-03-08T12:00:00.000Z']);
  });

  it('on the day before fall back (EDT) opens at 12:00Z', () => {
    const starts = availableStarts('2026-10-31', 60, BEFORE_FALL);
    expect(starts[0].toISOString()).toBe('2026-10-31T12:00:00.000Z');
    expect(starts.at(-1)?.toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(starts).toHaveLength(normalDayCount);
  });

  it('on 2026-11-01 (fall back, EST) opens at 13:00Z and offers the full day', () => {
    const starts = availableStarts('2026-11-01', 60, BEFORE_FALL);
    expect(starts[0].toISOString()).toBe('2026-11-01T13:00:00.000Z');
    expect(starts.at(-1)?.toISOString()).toBe('2026-11-02T00:00:00.000Z');
    expect(localTimes(starts)).toEqual(halfHours('08:00', '19:00'));
    expect(starts).toHaveLength(normalDayCount);
    expect(new Set(gapsInMinutes(starts))).toEqual(new Set([30]));
  });

  it('counts the lead time in real minutes on the DST days', () => {
    // 06:05 local, two real hours before 08:05 local, on both days.
    expect(availableStarts('2026-03-08', 60, new Date('2026-03-08T10:05:00Z'))[0].toISOString()).toBe('2026-03-08T12:30:00.000Z');
    expect(availableStarts('2026-11-01', 60, new Date('2026-11-01T11:05:00Z'))[0].toISOString()).toBe('2026-11-01T13:30:00.000Z');
  });
});

describe('availableStarts outside the window', () => {
  it.each([
    ['yesterday', '2026-11-20'],
    ['15 days ahead', '2026-12-06'],
    ['next year', '2027-11-21'],
    ['an impossible date', '2026-02-30'],
  ])('offers nothing %s', (_label, date) => {
    expect(availableStarts(date, 60, NOW)).toEqual([]);
  });

  it('still offers the 14th day ahead', () => {
    expect(availableStarts('2026-12-05', 60, NOW)).toHaveLength(23);
  });

  it.each(['2026-11-2', '2026/11/22', '22-11-2026', '2026-11-22T10:00', ''])('throws RangeError for the malformed date %j', (date) => {
    expect(() => availableStarts(date, 60, NOW)).toThrow(RangeError);
  });
});

describe('isOfferedStart', () => {
  it('accepts an offered start', () => {
    expect(isOfferedStart(new Date('2026-11-23T13:00:00Z'), 60, NOW)).toBe(true);
    expect(isOfferedStart(new Date('2026-11-21T17:30:00Z'), 60, NOW)).toBe(true); // first start today
    expect(isOfferedStart(new Date('2026-03-08T12:00:00Z'), 60, new Date('2026-03-01T15:00:00Z'))).toBe(true);
  });

  it('refuses a start off the 30-minute grid', () => {
    expect(isOfferedStart(new Date('2026-11-23T13:15:00Z'), 60, NOW)).toBe(false);
    expect(isOfferedStart(new Date('2026-11-23T13:00:01Z'), 60, NOW)).toBe(false);
  });

  it('refuses a start inside the lead time or in the past', () => {
    expect(isOfferedStart(new Date('2026-11-21T17:00:00Z'), 60, NOW)).toBe(false); // 12:00 today, under two hours away
    expect(isOfferedStart(new Date('2026-11-21T14:00:00Z'), 60, NOW)).toBe(false); // 09:00 today
    expect(isOfferedStart(new Date('2026-11-20T15:00:00Z'), 60, NOW)).toBe(false); // yesterday
  });

  it('refuses a start from which the job would end after closing', () => {
    expect(isOfferedStart(new Date('2026-11-23T21:00:00Z'), 4 * HOUR, NOW)).toBe(true); // 16:00
    expect(isOfferedStart(new Date('2026-11-23T21:30:00Z'), 4 * HOUR, NOW)).toBe(false); // 16:30
  });

  it('refuses a start outside business hours or beyond the window', () => {
    expect(isOfferedStart(new Date('2026-11-23T12:30:00Z'), 60, NOW)).toBe(false); // 07:30
    expect(isOfferedStart(new Date('2026-11-24T01:00:00Z'), 60, NOW)).toBe(false); // 20:00
    expect(isOfferedStart(new Date('2026-12-06T13:00:00Z'), 60, NOW)).toBe(false); // 15 days ahead
  });
});

describe('businessDay', () => {
  it('gives the Tampa day of an instant, 23 or 25 hours long on the DST days', () => {
    expect(businessDay(new Date('2026-11-23T03:00:00Z'))).toEqual({ date: '2026-11-22', start: new Date('2026-11-22T05:00:00Z'), end: new Date('2026-11-23T05:00:00Z') });
    const spring = businessDay(new Date('2026-03-08T12:00:00Z'));
    expect(spring.end.getTime() - spring.start.getTime()).toBe(23 * 3_600_000);
    const fall = businessDay(new Date('2026-11-01T12:00:00Z'));
    expect(fall).toMatchObject({ date: '2026-11-01', start: new Date('2026-11-01T04:00:00Z'), end: new Date('2026-11-02T05:00:00Z') });
  });

  it('answers the same day again from what it kept, with instants of its own the caller may change', () => {
    const first = businessDay(new Date('2026-12-05T16:00:00Z'));
    first.start.setTime(0);
    first.end.setTime(0);
    // another instant of the same Tampa day: the kept bounds are untouched by the change above
    expect(businessDay(new Date('2026-12-06T04:59:00Z'))).toEqual({ date: '2026-12-05', start: new Date('2026-12-05T05:00:00Z'), end: new Date('2026-12-06T05:00:00Z') });
    expect(businessDay(new Date('2026-12-06T05:00:00Z')).date).toBe('2026-12-06');
  });
});

describe('businessWeekday', () => {
  it('gives the weekday of a Tampa date, the DST days and the turn of the year included, the same each time it is asked', () => {
    const week = { '2026-03-08': 0, '2026-11-01': 0, '2026-11-26': 4, '2026-12-31': 4, '2027-01-01': 5, '2027-01-02': 6, '2028-02-29': 2 };
    for (let round = 0; round < 2; round++) {
      for (const [date, weekday] of Object.entries(week)) expect(businessWeekday(date), date).toBe(weekday);
    }
  });

  it('refuses a malformed date every time it is asked', () => {
    for (let round = 0; round < 2; round++) {
      expect(() => businessWeekday('2026-1-5')).toThrow(RangeError);
      expect(() => businessWeekday('')).toThrow(RangeError);
    }
  });
});

describe('business hours by weekday (issue #12)', () => {
  const weekly = (days: Record<number, [number, number] | null>) => ({
    ...DEFAULT_SLOT_RULES,
    weeklyHours: Array.from({ length: 7 }, (_, weekday) => {
      const day = weekday in days ? days[weekday] : [480, 1200];
      return day ? { openMinute: day[0], closeMinute: day[1] } : null;
    }),
  });

  it("uses each Tampa weekday's own hours, and offers nothing on a closed day", () => {
    const rules = weekly({ 0: null, 1: [600, 720] });
    expect(availableStarts('2026-11-22', 60, NOW, rules)).toEqual([]); // Sunday, closed
    expect(localTimes(availableStarts('2026-11-23', 60, NOW, rules))).toEqual(['10:00', '10:30', '11:00']); // Monday 10:00-12:00
    expect(localTimes(availableStarts('2026-11-24', 60, NOW, rules))).toEqual(halfHours('08:00', '19:00')); // Tuesday, the default day
  });

  it('reads the weekday on the Tampa calendar across the DST change (Sunday 2026-03-08) and builds the right instants', () => {
    const rules = weekly({ 0: [540, 660] });
    const saturday = new Date('2026-03-07T12:00:00Z');
    expect(isoTimes(availableStarts('2026-03-08', 60, saturday, rules))).toEqual(['2026-03-08T13:00:00.000Z', '2026-03-08T13:30:00.000Z', '2026-03-08T14:00:00.000Z']);
    expect(availableStarts('2026-03-09', 60, saturday, weekly({ 1: null }))).toEqual([]);
  });

  it('lets a day close at midnight (1440): the last start ends at 24:00', () => {
    const rules = weekly({ 6: [1200, 1440] });
    expect(localTimes(availableStarts('2026-11-28', 60, NOW, rules))).toEqual(['20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00']);
  });

  it('without weeklyHours, every day keeps openMinute-closeMinute', () => {
    expect(hoursOn('2026-11-22', DEFAULT_SLOT_RULES)).toEqual({ openMinute: 480, closeMinute: 1200 });
    expect(hoursOn('2026-11-22', weekly({ 0: null }))).toBeNull();
  });
});
