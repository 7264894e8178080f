import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cancellationOutcome, canRescheduleFree, DEFAULT_CANCELLATION_POLICY as policy, wallClockHoursBefore } from './cancellation-policy';

const HOUR = 3_600_000;
const MINUTE = 60_000;
const base = new Date('2026-01-01T00:00:00Z').getTime();
const span = 400 * 24 * HOUR; // all of 2026 and into 2027, both DST changes included

const instant = fc.integer({ min: 0, max: span }).map((ms) => new Date(base + ms));
const cents = fc.integer({ min: 0, max: 500_000 });

/** A booking: when it was made, its start (after booking), a total and a hold no larger than... anything. */
const booking = fc.record({
  bookedAt: instant,
  leadMs: fc.integer({ min: 0, max: 30 * 24 * HOUR }),
  totalCents: cents,
  heldCents: cents,
});

describe('cancellation policy properties', () => {
  it('never charges more than the total, and capture + release = hold', () => {
    fc.assert(
      fc.property(booking, fc.integer({ min: 0, max: 40 * 24 * HOUR }), ({ bookedAt, leadMs, totalCents, heldCents }, afterMs) => {
        const start = new Date(bookedAt.getTime() + leadMs);
        const outcome = cancellationOutcome({ start, bookedAt, cancelAt: new Date(bookedAt.getTime() + afterMs), totalCents, heldCents, policy });
        expect(outcome.feeCents).toBeGreaterThanOrEqual(0);
        expect(outcome.feeCents).toBeLessThanOrEqual(totalCents);
        expect(outcome.captureCents + outcome.releaseCents).toBe(heldCents);
        expect(outcome.captureCents + outcome.chargeCents).toBe(outcome.feeCents);
        expect(outcome.captureCents).toBeLessThanOrEqual(heldCents);
        expect(outcome.releaseCents).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('is monotone in notice: cancelling later never costs less', () => {
    fc.assert(
      fc.property(booking, fc.integer({ min: 6 * MINUTE, max: 40 * 24 * HOUR }), fc.integer({ min: 0, max: 40 * 24 * HOUR }), ({ bookedAt, leadMs, totalCents }, firstMs, laterByMs) => {
        const start = new Date(bookedAt.getTime() + leadMs);
        const first = new Date(bookedAt.getTime() + firstMs);
        const later = new Date(first.getTime() + laterByMs);
        const fee = (cancelAt: Date) => cancellationOutcome({ start, bookedAt, cancelAt, totalCents, heldCents: totalCents, policy }).feeCents;
        expect(fee(later)).toBeGreaterThanOrEqual(fee(first));
      }),
      { numRuns: 2000 },
    );
  });

  it('is free within the grace window, whatever the notice', () => {
    fc.assert(
      fc.property(booking, fc.integer({ min: 0, max: 5 * MINUTE }), ({ bookedAt, leadMs, totalCents, heldCents }, afterMs) => {
        const start = new Date(bookedAt.getTime() + leadMs);
        const outcome = cancellationOutcome({ start, bookedAt, cancelAt: new Date(bookedAt.getTime() + afterMs), totalCents, heldCents, policy });
        expect(outcome.tier).toBe('grace');
        expect(outcome.feeCents).toBe(0);
        expect(outcome.releaseCents).toBe(heldCents);
      }),
    );
  });
});

describe('cancellation policy boundaries', () => {
  const total = 4838;
  const bookedAt = new Date('2026-01-01T12:00:00Z'); // long before, so grace never applies
  const tierAt = (start: Date, cancelAt: Date) => cancellationOutcome({ start, bookedAt, cancelAt, totalCents: total, heldCents: total, policy });

  // Starts at 10:00 Tampa on ordinary days and on the days after each DST change.
  it.each([
    ['an ordinary day (EST)', '2026-01-20T15:00:00Z', '2026-01-19T15:00:00Z', '2026-01-20T03:00:00Z'],
    ['the spring-forward day 2026-03-08 (EDT start)', '2026-03-08T14:00:00Z', '2026-03-07T15:00:00Z', '2026-03-08T03:00:00Z'],
    ['the day after spring forward, 2026-03-09', '2026-03-09T14:00:00Z', '2026-03-08T14:00:00Z', '2026-03-09T02:00:00Z'],
    ['the fall-back day 2026-11-01 (EST start; the day before is EDT)', '2026-11-01T15:00:00Z', '2026-10-31T14:00:00Z', '2026-11-01T02:00:00Z'],
    ['the day after fall back, 2026-11-02', '2026-11-02T15:00:00Z', '2026-11-01T15:00:00Z', '2026-11-02T03:00:00Z'],
  ])('on %s the 24 h and 12 h lines are Tampa wall-clock times', (_name, startIso, twentyFourIso, twelveIso) => {
    const start = new Date(startIso);
    const free = new Date(twentyFourIso); // 10:00 the day before, Tampa time
    const half = new Date(twelveIso); // 22:00 the day before, Tampa time
    expect(wallClockHoursBefore(start, 24)).toEqual(free);
    expect(wallClockHoursBefore(start, 12)).toEqual(half);
    expect(tierAt(start, free).tier).toBe('free');
    expect(tierAt(start, new Date(free.getTime() + 1)).tier).toBe('half');
    expect(tierAt(start, half)).toMatchObject({ tier: 'half', feeCents: 2419 });
    expect(tierAt(start, new Date(half.getTime() + 1))).toMatchObject({ tier: 'full', feeCents: 4838 });
  });

  it('counts 23 real hours as "24 hours before" across spring forward, and 25 across fall back', () => {
    expect(new Date('2026-03-08T14:00:00Z').getTime() - wallClockHoursBefore(new Date('2026-03-08T14:00:00Z'), 24).getTime()).toBe(23 * HOUR);
    expect(new Date('2026-11-01T15:00:00Z').getTime() - wallClockHoursBefore(new Date('2026-11-01T15:00:00Z'), 24).getTime()).toBe(25 * HOUR);
  });

  it('ends the grace window exactly 5 minutes after booking', () => {
    const start = new Date('2026-03-08T14:00:00Z');
    const justBooked = new Date('2026-03-08T10:00:00Z');
    const outcome = (afterMs: number) => cancellationOutcome({ start, bookedAt: justBooked, cancelAt: new Date(justBooked.getTime() + afterMs), totalCents: total, heldCents: total, policy });
    expect(outcome(5 * MINUTE).tier).toBe('grace');
    expect(outcome(5 * MINUTE + 1)).toMatchObject({ tier: 'full', feeCents: total });
  });

  it('charges a fee above the hold off-session when only the card was saved', () => {
    const start = new Date('2026-01-20T15:00:00Z');
    expect(cancellationOutcome({ start, bookedAt, cancelAt: new Date('2026-01-20T05:00:00Z'), totalCents: total, heldCents: 0, policy })).toMatchObject({ feeCents: total, captureCents: 0, releaseCents: 0, chargeCents: total });
  });

  it('rounds the 50% fee half up to the cent', () => {
    const start = new Date('2026-01-20T15:00:00Z');
    expect(cancellationOutcome({ start, bookedAt, cancelAt: new Date('2026-01-20T00:00:00Z'), totalCents: 4837, heldCents: 4837, policy }).feeCents).toBe(2419);
  });

  it('allows free rescheduling only with 24 wall-clock hours of notice', () => {
    const start = new Date('2026-03-08T14:00:00Z');
    expect(canRescheduleFree({ start, now: new Date('2026-03-07T15:00:00Z'), policy })).toBe(true);
    expect(canRescheduleFree({ start, now: new Date('2026-03-07T15:00:00.001Z'), policy })).toBe(false);
  });

  it('rejects negative or fractional amounts', () => {
    const start = new Date('2026-01-20T15:00:00Z');
    expect(() => cancellationOutcome({ start, bookedAt, cancelAt: bookedAt, totalCents: -1, heldCents: 0, policy })).toThrow(RangeError);
    expect(() => cancellationOutcome({ start, bookedAt, cancelAt: bookedAt, totalCents: 10.5, heldCents: 0, policy })).toThrow(RangeError);
  });
});
