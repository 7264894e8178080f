/**
 * Issue #16: the cached day plan splits offeredStarts in two — the plan and its starts (no clock,
 * computed once per day) and the clock (per request). These properties prove the split changes
 * no answer, on random days, workers, jobs, rules and instants, the DST days included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPACITY_RULES, offeredStarts, planDay, startsOnPlan, type CapacityRules, type ScheduledJob, type WorkerCapacity } from './capacity';
import { SERVICE_SLUGS } from './services';
import { availableStarts, businessTime, dayStarts, startsOfferedAt } from './slots';

const DATES = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-10-31', '2026-11-01', '2026-11-02', '2026-11-23', '2026-11-24'];
const half = (min: number, max: number) => fc.integer({ min: min / 30, max: max / 30 }).map((n) => n * 30);

const dayHours = fc.oneof(
  fc.constant(null),
  fc.tuple(half(0, 1380), half(30, 1440)).filter(([a, b]) => a < b).map(([openMinute, closeMinute]) => ({ openMinute, closeMinute })),
);

const rulesArb: fc.Arbitrary<CapacityRules> = fc.record({
  weeklyHours: fc.option(fc.array(dayHours, { minLength: 7, maxLength: 7 }), { nil: undefined }),
  stepMinutes: fc.constantFrom(15, 30, 60),
  leadMinutes: fc.integer({ min: 0, max: 300 }),
  bufferMinutes: fc.constantFrom(0, 15, 30, 60),
  daysAhead: fc.integer({ min: 0, max: 14 }),
}).map((r) => ({ ...DEFAULT_CAPACITY_RULES, ...r }));

const workerArb = (date: string): fc.Arbitrary<Omit<WorkerCapacity, 'workerId'>> =>
  fc.record({
    skills: fc.subarray([...SERVICE_SLUGS], { minLength: 1 }),
    weekly: fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), half(0, 1380), half(30, 1440)).filter(([, a, b]) => a < b).map(([weekday, startMinute, endMinute]) => ({ weekday, startMinute, endMinute })), { maxLength: 9 }),
    off: fc.boolean(),
  }).map(({ skills, weekly, off }) => ({ skills, weekly, timeOff: off ? [{ startsOn: date, endsOn: date }] : [] }));

const dayArb = fc.constantFrom(...DATES).chain((date) =>
  fc.record({
    date: fc.constant(date),
    rules: rulesArb,
    workers: fc.array(workerArb(date), { maxLength: 4 }).map((list): WorkerCapacity[] => list.map((w, i) => ({ ...w, workerId: `w${i}` }))),
    jobSpecs: fc.array(fc.record({ minute: half(0, 1380), length: half(30, 480), service: fc.constantFrom(...SERVICE_SLUGS), worker: fc.integer({ min: -1, max: 3 }) }), { maxLength: 12 }),
    service: fc.constantFrom(...SERVICE_SLUGS),
    durationMinutes: half(30, 600),
    // now: from a few days before the date to the end of it
    nowOffsetMinutes: fc.integer({ min: -4 * 1440, max: 1440 }),
  }),
);

describe('the cached day plan (issue #16)', () => {
  it('availableStarts = the day’s starts with the clock applied', () => {
    fc.assert(
      fc.property(dayArb, ({ date, rules, durationMinutes, nowOffsetMinutes }) => {
        const now = new Date(businessTime(date, 0).getTime() + nowOffsetMinutes * 60_000);
        expect(startsOfferedAt(dayStarts(date, durationMinutes, rules), date, now, rules)).toEqual(availableStarts(date, durationMinutes, now, rules));
      }),
      { numRuns: 300 },
    );
  });

  it('offeredStarts = the plan’s starts with the clock applied, for any workers, jobs, rules and instant', () => {
    fc.assert(
      fc.property(dayArb, ({ date, rules, workers, jobSpecs, service, durationMinutes, nowOffsetMinutes }) => {
        const now = new Date(businessTime(date, 0).getTime() + nowOffsetMinutes * 60_000);
        const jobs: ScheduledJob[] = jobSpecs.map((j, i) => {
          const start = businessTime(date, j.minute);
          return { id: `j${i}`, service: j.service, start, end: new Date(start.getTime() + j.length * 60_000), workerId: j.worker >= 0 && j.worker < workers.length ? `w${j.worker}` : null };
        });
        const plan = planDay({ date, workers, jobs, rules });
        const fresh = offeredStarts({ date, service, durationMinutes, workers, jobs, rules, now });
        expect(startsOfferedAt(startsOnPlan(plan, service, durationMinutes), date, now, rules)).toEqual(fresh);
      }),
      { numRuns: 500 },
    );
  });

  it('offers something on a plain day, so the property above is not only about empty lists', () => {
    const date = '2026-11-24';
    const worker: WorkerCapacity = { workerId: 'w0', skills: ['tv-installation'], weekly: [{ weekday: 2, startMinute: 480, endMinute: 1200 }], timeOff: [] };
    const booked: ScheduledJob = { id: 'j0', service: 'tv-installation', start: businessTime(date, 600), end: businessTime(date, 660), workerId: 'w0' };
    const now = businessTime('2026-11-23', 600);
    const plan = planDay({ date, workers: [worker], jobs: [booked], rules: DEFAULT_CAPACITY_RULES });
    const starts = startsOfferedAt(startsOnPlan(plan, 'tv-installation', 60), date, now, DEFAULT_CAPACITY_RULES);
    expect(starts[0]).toEqual(businessTime(date, 480));
    expect(starts).not.toContainEqual(businessTime(date, 600));
    expect(starts).toEqual(offeredStarts({ date, service: 'tv-installation', durationMinutes: 60, workers: [worker], jobs: [booked], rules: DEFAULT_CAPACITY_RULES, now }));
  });
});
