import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assignableWorkers, businessHoursWeek, DEFAULT_CAPACITY_RULES as rules, isOnShift, isStartOffered, offeredStarts, planJobs, provablyFull, type ScheduledJob, type WorkerCapacity } from './capacity';

const NOW = new Date('2026-11-21T15:00:00Z'); // Saturday 10:00 Tampa
const everyDay = businessHoursWeek();
const worker = (id: string, overrides: Partial<WorkerCapacity> = {}): WorkerCapacity => ({ workerId: id, skills: ['tv-installation', 'furniture-assembly', 'painting'], weekly: everyDay, timeOff: [], ...overrides });
const job = (id: string, startIso: string, minutes: number, workerId: string | null = null, service: ScheduledJob['service'] = 'tv-installation'): ScheduledJob => ({
  id,
  service,
  start: new Date(startIso),
  end: new Date(new Date(startIso).getTime() + minutes * 60_000),
  workerId,
});
const starts = (input: Partial<Parameters<typeof offeredStarts>[0]> = {}) =>
  offeredStarts({ date: '2026-11-23', service: 'tv-installation', durationMinutes: 60, workers: [worker('w1')], jobs: [], rules, now: NOW, ...input }).map((d) => d.toISOString());

describe('capacity: which starts are offered', () => {
  it('offers nothing without a skilled worker', () => {
    expect(starts({ workers: [] })).toEqual([]);
    expect(starts({ workers: [worker('w1', { skills: ['painting'] })] })).toEqual([]);
  });

  it('offers the business-hours starts a free worker can take (Monday 8:00-19:00 for a 1 h job)', () => {
    const all = starts();
    expect(all).toHaveLength(23);
    expect(all[0]).toBe('2026-11-23T13:00:00.000Z');
    expect(all.at(-1)).toBe('2026-11-24T00:00:00.000Z');
  });

  it('keeps a 30-minute travel buffer around the worker’s jobs', () => {
    const all = starts({ jobs: [job('j1', '2026-11-23T15:00:00Z', 60, 'w1')] }); // 10:00-11:00
    expect(all).toContain('2026-11-23T13:30:00.000Z'); // 8:30-9:30, 30 min before
    expect(all).not.toContain('2026-11-23T14:00:00.000Z'); // 9:00-10:00 touches it
    expect(all).not.toContain('2026-11-23T15:00:00.000Z');
    expect(all).not.toContain('2026-11-23T16:00:00.000Z'); // 11:00 is inside the buffer
    expect(all).toContain('2026-11-23T16:30:00.000Z'); // 11:30
  });

  it('counts unassigned bookings against capacity: two workers, two pending jobs at 10:00, no third', () => {
    const workers = [worker('w1'), worker('w2')];
    const pending = [job('a', '2026-11-23T15:00:00Z', 60), job('b', '2026-11-23T15:00:00Z', 60)];
    expect(starts({ workers, jobs: pending })).not.toContain('2026-11-23T15:00:00.000Z');
    expect(starts({ workers, jobs: pending.slice(0, 1) })).toContain('2026-11-23T15:00:00.000Z');
  });

  it('needs the whole job inside one availability range', () => {
    const mornings = worker('w1', { weekly: [{ weekday: 1, startMinute: 8 * 60, endMinute: 12 * 60 }] });
    expect(starts({ workers: [mornings], durationMinutes: 240, service: 'painting' })).toEqual(['2026-11-23T13:00:00.000Z']);
    expect(starts({ workers: [mornings], date: '2026-11-24' })).toEqual([]); // Tuesday: no range
  });

  it('honours time off, inclusive', () => {
    const off = worker('w1', { timeOff: [{ startsOn: '2026-11-23', endsOn: '2026-11-23' }] });
    expect(starts({ workers: [off] })).toEqual([]);
    expect(starts({ workers: [off], date: '2026-11-24' })).toHaveLength(23);
  });

  it('respects the lead time today', () => {
    const today = starts({ date: '2026-11-21' });
    expect(today[0]).toBe('2026-11-21T17:00:00.000Z'); // 12:00, two hours after 10:00
  });

  it('is right on the DST days: 2026-03-08 (EDT) and 2026-11-01 (EST)', () => {
    const march = offeredStarts({ date: '2026-03-08', service: 'tv-installation', durationMinutes: 60, workers: [worker('w1')], jobs: [], rules, now: new Date('2026-03-01T12:00:00Z') });
    expect(march[0]!.toISOString()).toBe('2026-03-08T12:00:00.000Z'); // 8:00 EDT
    expect(march).toHaveLength(23);
    const busyMarch = offeredStarts({ date: '2026-03-08', service: 'tv-installation', durationMinutes: 60, workers: [worker('w1')], jobs: [job('j', '2026-03-08T14:00:00Z', 60, 'w1')], rules, now: new Date('2026-03-01T12:00:00Z') });
    expect(busyMarch.map((d) => d.toISOString())).not.toContain('2026-03-08T14:30:00.000Z'); // 10:30 EDT is in the buffer
    const november = offeredStarts({ date: '2026-11-01', service: 'tv-installation', durationMinutes: 60, workers: [worker('w1')], jobs: [], rules, now: new Date('2026-10-25T12:00:00Z') });
    expect(november[0]!.toISOString()).toBe('2026-11-01T13:00:00.000Z'); // 8:00 EST
    expect(november).toHaveLength(23);
  });

  it('re-checks one start, as the booking transaction does', () => {
    const w = [worker('w1')];
    const jobs = [job('j1', '2026-11-23T15:00:00Z', 60, 'w1')];
    expect(isStartOffered({ start: new Date('2026-11-23T16:30:00Z'), service: 'tv-installation', durationMinutes: 60, workers: w, jobs, rules, now: NOW })).toBe(true);
    expect(isStartOffered({ start: new Date('2026-11-23T15:00:00Z'), service: 'tv-installation', durationMinutes: 60, workers: w, jobs, rules, now: NOW })).toBe(false);
  });
});

describe('capacity: assignment', () => {
  it('offers only skilled workers on shift without a clash, ignoring the job itself', () => {
    const workers = [worker('tv', { skills: ['tv-installation'] }), worker('painter', { skills: ['painting'] }), worker('busy')];
    const target = job('t', '2026-11-23T15:00:00Z', 60, null);
    const jobs = [target, job('other', '2026-11-23T15:30:00Z', 60, 'busy')];
    expect(assignableWorkers({ job: target, workers, jobs, rules })).toEqual(['tv']);
    expect(assignableWorkers({ job: { ...target, workerId: 'tv' }, workers, jobs: [{ ...target, workerId: 'tv' }], rules })).toContain('tv');
  });

  it('plans pending jobs greedily in start order', () => {
    const plan = planJobs([worker('w1'), worker('w2')], [job('b', '2026-11-23T15:00:00Z', 60), job('a', '2026-11-23T13:00:00Z', 60), job('fixed', '2026-11-23T15:00:00Z', 60, 'w1')], rules);
    expect(plan.get('w1')!.map((j) => j.id)).toEqual(['fixed', 'a']);
    expect(plan.get('w2')!.map((j) => j.id)).toEqual(['b']);
  });

  it('knows a shift from the wall clock', () => {
    expect(isOnShift(worker('w1'), new Date('2026-11-23T13:00:00Z'), new Date('2026-11-23T14:00:00Z'))).toBe(true);
    expect(isOnShift(worker('w1'), new Date('2026-11-23T12:30:00Z'), new Date('2026-11-23T13:30:00Z'))).toBe(false); // 7:30
    expect(isOnShift(worker('w1'), new Date('2026-11-24T00:30:00Z'), new Date('2026-11-24T01:30:00Z'))).toBe(false); // 19:30-20:30
  });
});

/** Whether some assignment serves every job (exhaustive; assigned jobs keep their worker): the definition of "no double booking". */
function everyJobServable(workers: WorkerCapacity[], jobs: ScheduledJob[]): boolean {
  const taken = new Map<string, ScheduledJob[]>(workers.map((w) => [w.workerId, jobs.filter((j) => j.workerId === w.workerId)]));
  const waiting = jobs.filter((j) => !j.workerId);
  const fits = (w: WorkerCapacity, j: ScheduledJob) => assignableWorkers({ job: j, workers: [w], jobs: taken.get(w.workerId)!, rules }).length === 1;
  const place = (i: number): boolean => {
    if (i === waiting.length) return true;
    for (const w of workers) {
      if (!fits(w, waiting[i]!)) continue;
      taken.get(w.workerId)!.push({ ...waiting[i]!, workerId: w.workerId });
      const ok = place(i + 1);
      taken.get(w.workerId)!.pop();
      if (ok) return true;
    }
    return false;
  };
  return place(0);
}

describe('capacity: no start is offered that would leave a booked job without a worker', () => {
  it('a TV booking does not crowd out the furniture job only the two-skill worker can do', () => {
    // A does TV and furniture, B only TV; a furniture job waits at 10:00. The first TV booking at
    // 9:00 goes to B's side of the plan; a second one at 9:00 would need A, whose 10:00 furniture
    // job is within the 30-minute buffer: not offered (the former first-worker greedy offered it).
    const workers = [worker('A', { skills: ['tv-installation', 'furniture-assembly'] }), worker('B', { skills: ['tv-installation'] })];
    const jobs = [job('F', '2026-11-23T15:00:00Z', 60, null, 'furniture-assembly')];
    const nine = new Date('2026-11-23T14:00:00Z');
    const offered = () => isStartOffered({ service: 'tv-installation', durationMinutes: 60, workers, jobs, rules, now: NOW, start: nine });
    expect(offered()).toBe(true);
    jobs.push(job('T1', nine.toISOString(), 60));
    expect(offered()).toBe(false);
    const plan = planJobs(workers, jobs, rules);
    expect(plan.get('A')!.map((j) => j.id)).toEqual(['F']);
    expect(plan.get('B')!.map((j) => j.id)).toEqual(['T1']);
  });

  it('on random days, every run of accepted bookings keeps a placement of every job', () => {
    // Small worlds where skills overlap and the order of workers matters: a two-skill worker, specialists, a generalist.
    const skillSets = fc.constantFrom<ScheduledJob['service'][]>(['tv-installation', 'furniture-assembly'], ['tv-installation'], ['furniture-assembly'], ['furniture-assembly', 'painting'], ['tv-installation', 'furniture-assembly', 'painting']);
    const request = fc.record({
      service: fc.constantFrom<ScheduledJob['service']>('tv-installation', 'tv-installation', 'furniture-assembly', 'painting'),
      halfHour: fc.integer({ min: 18, max: 20 }), // 9:00, 9:30, 10:00 Tampa: a crowded morning
      minutes: fc.constantFrom(60, 120),
    });
    fc.assert(
      fc.property(fc.array(skillSets, { minLength: 2, maxLength: 3 }), fc.array(request, { minLength: 2, maxLength: 14 }), (skills, requests) => {
        const workers = skills.map((s, i) => worker(`w${i}`, { skills: [...s] }));
        const jobs: ScheduledJob[] = [];
        requests.forEach((r, i) => {
          // 2026-11-23 is a Monday; Tampa is UTC-5 in November.
          const start = new Date(Date.UTC(2026, 10, 23, 5) + r.halfHour * 30 * 60_000);
          if (isStartOffered({ service: r.service, durationMinutes: r.minutes, workers, jobs, rules, now: NOW, start })) {
            jobs.push({ ...job(`j${i}`, start.toISOString(), r.minutes, null, r.service) });
          }
        });
        expect(everyJobServable(workers, jobs)).toBe(true);
      }),
      { numRuns: 600 },
    );
  }, 60_000);
});

describe('capacity: a full day is known without searching (provablyFull)', () => {
  const monday = (halfHour: number) => new Date(Date.UTC(2026, 10, 23, 5) + halfHour * 30 * 60_000); // Tampa is UTC-5 in November

  it('on random days, never calls full a job that an exhaustive search can place', () => {
    const skillSets = fc.constantFrom<ScheduledJob['service'][]>(['tv-installation', 'furniture-assembly'], ['tv-installation'], ['furniture-assembly'], ['painting'], ['tv-installation', 'furniture-assembly', 'painting']);
    const shifts = fc.constantFrom([{ startMinute: 8 * 60, endMinute: 19 * 60 }], [{ startMinute: 8 * 60, endMinute: 12 * 60 }], [{ startMinute: 11 * 60, endMinute: 19 * 60 }]);
    const aJob = fc.record({
      service: fc.constantFrom<ScheduledJob['service']>('tv-installation', 'furniture-assembly', 'painting'),
      halfHour: fc.integer({ min: 16, max: 22 }), // 8:00-11:00 Tampa: a crowded morning
      minutes: fc.constantFrom(30, 60, 90, 120),
      assigned: fc.option(fc.nat(3), { freq: 4 }),
    });
    let provedFull = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(skillSets, shifts), { minLength: 1, maxLength: 4 }), fc.array(aJob, { maxLength: 9 }), aJob, (people, day, extra) => {
        const workers = people.map(([skills, ranges], i) => worker(`w${i}`, { skills: [...skills], weekly: ranges.map((r) => ({ weekday: 1, ...r })) }));
        const jobs = day.map((j, i) => job(`j${i}`, monday(j.halfHour).toISOString(), j.minutes, j.assigned === null ? null : `w${j.assigned % workers.length}`, j.service));
        const newcomer = job('new', monday(extra.halfHour).toISOString(), extra.minutes, null, extra.service);
        if (!provablyFull(workers, jobs, newcomer, rules)) return;
        provedFull++;
        // An exhaustive search (no step budget) places at most all but one of the jobs and the newcomer.
        const plan = planJobs(workers, [...jobs, newcomer], rules, Number.POSITIVE_INFINITY);
        const placed = [...plan.values()].reduce((n, list) => n + list.length, 0);
        expect(placed).toBeLessThan(jobs.length + 1);
      }),
      { numRuns: 1500 },
    );
    expect(provedFull).toBeGreaterThan(50); // the property was exercised, not vacuous
  }, 60_000);

  it('knows a time when every able worker is busy, and not one where a worker is free', () => {
    const workers = [worker('A'), worker('B', { skills: ['painting'] })];
    const tenToEleven = [job('T1', '2026-11-23T15:00:00Z', 60, null, 'tv-installation'), job('P1', '2026-11-23T15:00:00Z', 60, null, 'painting')];
    // At 10:30 both workers are within the buffer of a job: a third job cannot be placed.
    expect(provablyFull(workers, tenToEleven, job('X', '2026-11-23T15:30:00Z', 60), rules)).toBe(true);
    // At 12:00 (an hour after both jobs end) nobody is busy.
    expect(provablyFull(workers, tenToEleven, job('X', '2026-11-23T17:00:00Z', 60), rules)).toBe(false);
    // Only A can install a TV: one TV job at 10:00 already fills the only able worker at that time.
    expect(provablyFull(workers, tenToEleven.slice(0, 1), job('X', '2026-11-23T15:00:00Z', 60), rules)).toBe(true);
  });
});
