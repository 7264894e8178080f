import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { businessHoursWeek, DEFAULT_CAPACITY_RULES as rules, isStartOffered, offeredStarts, type ScheduledJob, type WorkerCapacity } from './capacity';
import { contendingServices } from './capacity-contention';
import { SERVICE_SLUGS, type ServiceSlug } from './services';
import { businessTime } from './slots';

const NOW = new Date('2026-11-21T15:00:00Z'); // Saturday 10:00 Tampa
const MONDAY = '2026-11-23';
const worker = (id: string, skills: ServiceSlug[], overrides: Partial<WorkerCapacity> = {}): WorkerCapacity => ({ workerId: id, skills, weekly: businessHoursWeek(), timeOff: [], ...overrides });
const linked = (workers: WorkerCapacity[], service: ServiceSlug) => contendingServices({ workers, date: MONDAY, weekday: 1, service });

describe('capacity contention: which services a decision must lock with its own', () => {
  it('keeps services apart when no worker on duty has both', () => {
    const workers = [worker('tv', ['tv-installation']), worker('furniture', ['furniture-assembly']), worker('painter', ['painting'])];
    expect(linked(workers, 'tv-installation')).toEqual(['tv-installation']);
    expect(linked(workers, 'painting')).toEqual(['painting']);
  });

  it('links through workers, also at one remove (TV-painting and painting-furniture link TV and furniture)', () => {
    const workers = [worker('a', ['tv-installation', 'painting']), worker('b', ['painting', 'furniture-assembly'])];
    expect(linked(workers, 'tv-installation')).toEqual(['tv-installation', 'furniture-assembly', 'painting']);
    expect(linked(workers, 'furniture-assembly')).toEqual(['tv-installation', 'furniture-assembly', 'painting']);
  });

  it('ignores workers off that day: time off covering the date, or no hours on its weekday', () => {
    const tuesdaysOnly = businessHoursWeek().filter((r) => r.weekday === 2);
    const off = [worker('away', SERVICE_SLUGS.slice(), { timeOff: [{ startsOn: '2026-11-22', endsOn: MONDAY }] }), worker('tuesdays', SERVICE_SLUGS.slice(), { weekly: tuesdaysOnly })];
    expect(linked(off, 'tv-installation')).toEqual(['tv-installation']);
    expect(contendingServices({ workers: off, date: '2026-11-24', weekday: 2, service: 'tv-installation' })).toEqual([...SERVICE_SLUGS]);
  });

  it('must reach past the candidate workers: a TV job can push a waiting painting job onto the furniture worker', () => {
    // A paints and mounts TVs, B paints and assembles furniture: TV and furniture share no worker.
    const workers = [worker('A', ['tv-installation', 'painting']), worker('B', ['painting', 'furniture-assembly'])];
    const at = (minute: number, minutes: number, id: string, service: ServiceSlug): ScheduledJob => {
      const start = businessTime(MONDAY, minute);
      return { id, service, start, end: new Date(start.getTime() + minutes * 60_000), workerId: null };
    };
    const painting = at(600, 240, 'painting', 'painting'); // 10:00-14:00, planned on A
    const tvJob = at(540, 60, 'tv', 'tv-installation'); // 9:00-10:00: only A can take it, which moves the painting to B
    const furnitureAtTen = (jobs: ScheduledJob[]) => isStartOffered({ start: businessTime(MONDAY, 600), service: 'furniture-assembly', durationMinutes: 60, workers, jobs, rules, now: NOW });
    expect(isStartOffered({ start: tvJob.start, service: 'tv-installation', durationMinutes: 60, workers, jobs: [painting], rules, now: NOW })).toBe(true);
    expect(furnitureAtTen([painting])).toBe(true);
    expect(furnitureAtTen([painting, tvJob])).toBe(false);
    expect(linked(workers, 'tv-installation')).toContain('furniture-assembly');
  });

  it('keeps offering a painting start that needs a reshuffle when a TV job nobody can take is waiting (found by the property below)', () => {
    // Painter A works 8:00-20:00, painter B 8:00-10:00; a painting job 8:00-9:00 waits (planned on A).
    // Painting 9:00-13:00 fits only if that job moves to B: a reshuffle. No one does TV that day.
    const workers = [worker('a', ['painting'], { weekly: [{ weekday: 1, startMinute: 480, endMinute: 1200 }] }), worker('b', ['painting'], { weekly: [{ weekday: 1, startMinute: 480, endMinute: 600 }] })];
    const at = (minute: number, hours: number, service: ServiceSlug, id: string): ScheduledJob => {
      const start = businessTime(MONDAY, minute);
      return { id, service, start, end: new Date(start.getTime() + hours * 3_600_000), workerId: null };
    };
    const jobs = [at(480, 1, 'painting', 'early')];
    const nineAm = businessTime(MONDAY, 540).getTime();
    const starts = (js: ScheduledJob[]) => offeredStarts({ date: MONDAY, service: 'painting', durationMinutes: 240, workers, jobs: js, rules, now: NOW }).map((d) => d.getTime());
    expect(starts(jobs)).toContain(nineAm);
    expect(starts([...jobs, at(720, 1, 'tv-installation', 'tv')])).toEqual(starts(jobs));
  });

  // The claim the lock rests on (docs/decisions/031-booking-lock-scope.md): a new waiting job of a
  // service outside the linked set changes nothing another service's decisions read.
  it('a new job never changes the offered starts of a service it is not linked to (random days)', () => {
    const minute = fc.integer({ min: 16, max: 38 }).map((half) => half * 30); // 8:00 ... 19:00
    const workerArb = fc.record({
      skills: fc.subarray([...SERVICE_SLUGS], { minLength: 1 }),
      from: fc.integer({ min: 16, max: 30 }).map((h) => h * 30),
      hours: fc.integer({ min: 2, max: 12 }),
      off: fc.boolean(),
    });
    const jobArb = fc.record({ service: fc.constantFrom(...SERVICE_SLUGS), minute, hours: fc.integer({ min: 1, max: 4 }), assignedTo: fc.option(fc.nat(), { nil: null }) });
    fc.assert(
      fc.property(fc.array(workerArb, { minLength: 1, maxLength: 5 }), fc.array(jobArb, { maxLength: 12 }), jobArb, (ws, js, extra) => {
        const workers = ws.map((w, i) =>
          worker(`w${i}`, w.skills, { weekly: [{ weekday: 1, startMinute: w.from, endMinute: Math.min(1200, w.from + w.hours * 60) }], timeOff: w.off ? [{ startsOn: MONDAY, endsOn: MONDAY }] : [] }),
        );
        const toJob = (j: typeof extra, id: string): ScheduledJob => {
          const start = businessTime(MONDAY, j.minute);
          return { id, service: j.service, start, end: new Date(start.getTime() + j.hours * 3_600_000), workerId: j.assignedTo === null ? null : `w${j.assignedTo % workers.length}` };
        };
        const jobs = js.map((j, i) => toJob(j, `j${i}`));
        const added = { ...toJob(extra, 'new'), workerId: null };
        const reach = linked(workers, added.service);
        for (const other of SERVICE_SLUGS.filter((s) => !reach.includes(s))) {
          for (const durationMinutes of [60, 240]) {
            const before = offeredStarts({ date: MONDAY, service: other, durationMinutes, workers, jobs, rules, now: NOW });
            const after = offeredStarts({ date: MONDAY, service: other, durationMinutes, workers, jobs: [...jobs, added], rules, now: NOW });
            expect(after).toEqual(before);
          }
        }
      }),
      { numRuns: Number(process.env.CONTENTION_RUNS ?? 120) },
    );
  }, 600_000);

  it('isStartOffered answers what offeredStarts lists, for every start of random days', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ service: fc.constantFrom(...SERVICE_SLUGS), half: fc.integer({ min: 16, max: 38 }), assigned: fc.boolean() }), { maxLength: 10 }), (js) => {
        const workers = [worker('a', ['tv-installation', 'painting']), worker('b', ['furniture-assembly'])];
        const jobs = js.map((j, i): ScheduledJob => {
          const start = businessTime(MONDAY, j.half * 30);
          return { id: `j${i}`, service: j.service, start, end: new Date(start.getTime() + 3_600_000), workerId: j.assigned ? 'a' : null };
        });
        for (const service of SERVICE_SLUGS) {
          const listed = offeredStarts({ date: MONDAY, service, durationMinutes: 60, workers, jobs, rules, now: NOW }).map((d) => d.getTime());
          for (let half = 14; half <= 40; half++) {
            const start = businessTime(MONDAY, half * 30);
            expect(isStartOffered({ start, service, durationMinutes: 60, workers, jobs, rules, now: NOW })).toBe(listed.includes(start.getTime()));
          }
        }
      }),
      { numRuns: 30 },
    );
  }, 60_000);
});
