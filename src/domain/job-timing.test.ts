import { describe, expect, it } from 'vitest';
import { DEFAULT_JOB_RULES } from './job-rules';
import { completionOpensAt, departureWindow, tampaDayOf, unusualTiming, workerMoveTiming } from './job-timing';

const rules = DEFAULT_JOB_RULES; // 120-minute window, 15-minute minimum job
const at = (iso: string) => new Date(iso);

describe('when a worker may head out and start a job', () => {
  // Tuesday 2026-11-24 11:00 EST = 16:00Z.
  const scheduledStart = at('2026-11-24T16:00:00Z');

  it('refuses the day before, even at the same clock time, and says when it opens', () => {
    const verdict = workerMoveTiming('start', { scheduledStart, startedAt: null, now: at('2026-11-23T10:57:00Z') }, rules);
    expect(verdict).toEqual({ allowed: false, reason: 'too_early', opensAt: at('2026-11-24T14:00:00Z') });
    expect(workerMoveTiming('en_route', { scheduledStart, startedAt: null, now: at('2026-11-23T16:00:00Z') }, rules).allowed).toBe(false);
  });

  it('refuses on the day until the window before the start opens, then allows', () => {
    expect(workerMoveTiming('en_route', { scheduledStart, startedAt: null, now: at('2026-11-24T13:59:00Z') }, rules)).toMatchObject({ allowed: false, reason: 'too_early' });
    expect(workerMoveTiming('en_route', { scheduledStart, startedAt: null, now: at('2026-11-24T14:00:00Z') }, rules)).toEqual({ allowed: true });
    expect(workerMoveTiming('start', { scheduledStart, startedAt: null, now: at('2026-11-24T20:00:00Z') }, rules)).toEqual({ allowed: true });
  });

  it('follows the setting', () => {
    const wide = { ...rules, startWindowMinutes: 300 };
    expect(workerMoveTiming('start', { scheduledStart, startedAt: null, now: at('2026-11-24T11:30:00Z') }, wide)).toEqual({ allowed: true });
    expect(workerMoveTiming('start', { scheduledStart, startedAt: null, now: at('2026-11-24T10:59:00Z') }, wide)).toMatchObject({ allowed: false, opensAt: at('2026-11-24T11:00:00Z') });
  });

  it('never opens before the Tampa day begins, and closes when it ends', () => {
    // 01:00 EST: 120 minutes before is the previous evening; the window opens at midnight.
    expect(departureWindow(at('2026-11-24T06:00:00Z'), rules)).toEqual({ opensAt: at('2026-11-24T05:00:00Z'), closesAt: at('2026-11-25T05:00:00Z') });
    expect(workerMoveTiming('start', { scheduledStart, startedAt: null, now: at('2026-11-25T05:00:00Z') }, rules)).toEqual({ allowed: false, reason: 'day_over', opensAt: null });
  });

  it('uses the Tampa day on 2026-03-08 (23 hours: clocks go forward)', () => {
    expect(tampaDayOf(at('2026-03-08T12:00:00Z'))).toEqual({ start: at('2026-03-08T05:00:00Z'), end: at('2026-03-09T04:00:00Z') });
    // 8:00 EDT = 12:00Z; two hours before is 6:00 EDT = 10:00Z.
    expect(departureWindow(at('2026-03-08T12:00:00Z'), rules).opensAt).toEqual(at('2026-03-08T10:00:00Z'));
    // 1:30 EST = 06:30Z: two hours before is the previous day; the window opens at 00:00 EST.
    expect(departureWindow(at('2026-03-08T06:30:00Z'), rules).opensAt).toEqual(at('2026-03-08T05:00:00Z'));
    // 23:30 EDT on 03-08 is 03:30Z on 03-09, still the job's day.
    expect(workerMoveTiming('start', { scheduledStart: at('2026-03-08T22:00:00Z'), startedAt: null, now: at('2026-03-09T03:30:00Z') }, rules)).toEqual({ allowed: true });
    expect(workerMoveTiming('start', { scheduledStart: at('2026-03-08T22:00:00Z'), startedAt: null, now: at('2026-03-09T04:00:00Z') }, rules)).toMatchObject({ reason: 'day_over' });
  });

  it('uses the Tampa day on 2026-11-01 (25 hours: clocks go back)', () => {
    expect(tampaDayOf(at('2026-11-01T15:00:00Z'))).toEqual({ start: at('2026-11-01T04:00:00Z'), end: at('2026-11-02T05:00:00Z') });
    // 00:30 EDT = 04:30Z: the window opens at 00:00 EDT = 04:00Z.
    expect(departureWindow(at('2026-11-01T04:30:00Z'), rules).opensAt).toEqual(at('2026-11-01T04:00:00Z'));
    // 8:00 EST = 13:00Z; 6:00 EST = 11:00Z.
    expect(departureWindow(at('2026-11-01T13:00:00Z'), rules).opensAt).toEqual(at('2026-11-01T11:00:00Z'));
    // 23:59 EST on 11-01 = 04:59Z on 11-02: still the day.
    expect(workerMoveTiming('en_route', { scheduledStart: at('2026-11-01T22:00:00Z'), startedAt: null, now: at('2026-11-02T04:59:00Z') }, rules)).toEqual({ allowed: true });
  });
});

describe('when a worker may complete a job', () => {
  const scheduledStart = at('2026-11-24T15:00:00Z');
  const startedAt = at('2026-11-24T14:40:00Z');

  it('refuses before the start', () => {
    expect(workerMoveTiming('complete', { scheduledStart, startedAt: null, now: at('2026-11-24T16:00:00Z') }, rules)).toEqual({ allowed: false, reason: 'not_started', opensAt: null });
  });

  it('refuses until the minimum duration has passed since the start', () => {
    expect(completionOpensAt(startedAt, rules)).toEqual(at('2026-11-24T14:55:00Z'));
    expect(workerMoveTiming('complete', { scheduledStart, startedAt, now: at('2026-11-24T14:54:59Z') }, rules)).toEqual({ allowed: false, reason: 'too_early', opensAt: at('2026-11-24T14:55:00Z') });
    expect(workerMoveTiming('complete', { scheduledStart, startedAt, now: at('2026-11-24T14:55:00Z') }, rules)).toEqual({ allowed: true });
  });
});

describe('what the timeline flags as unusual', () => {
  const scheduledStart = at('2026-11-24T16:00:00Z');

  it('flags nothing for a start within the window', () => {
    expect(unusualTiming('start', { scheduledStart, startedAt: null, now: at('2026-11-24T15:30:00Z') }, rules, false)).toEqual([]);
  });

  it('flags an admin move the worker would have been refused, and an early one', () => {
    expect(unusualTiming('complete', { scheduledStart, startedAt: at('2026-11-23T10:00:00Z'), now: at('2026-11-23T10:05:00Z') }, rules, true)).toEqual(['admin_override', 'early', 'short_job']);
    expect(unusualTiming('en_route', { scheduledStart, startedAt: null, now: at('2026-11-23T10:00:00Z') }, rules, true)).toEqual(['admin_override', 'early']);
  });

  it('flags a start two hours or more after the scheduled start', () => {
    expect(unusualTiming('start', { scheduledStart, startedAt: null, now: at('2026-11-24T17:59:00Z') }, rules, false)).toEqual([]);
    expect(unusualTiming('start', { scheduledStart, startedAt: null, now: at('2026-11-24T18:00:00Z') }, rules, false)).toEqual(['late_start']);
  });

  it('does not flag an admin completing on behalf a job that never started, on its day', () => {
    expect(unusualTiming('complete', { scheduledStart, startedAt: null, now: at('2026-11-24T18:00:00Z') }, rules, true)).toEqual([]);
  });
});
