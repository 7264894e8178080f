import { describe, expect, it } from 'vitest';
import { contactUrgency } from '@/domain/contact-promise';
import { minutesToContact, minutesWaiting } from './contact-promise';

describe('the contact promise', () => {
  it('is neutral under 5 minutes, amber from 5 and red from 10', () => {
    expect([0, 4, 5, 9, 10, 42].map((m) => contactUrgency(m))).toEqual(['ok', 'ok', 'soon', 'soon', 'late', 'late']);
  });

  it('follows a promise changed on /admin/settings (here 10-15 minutes)', () => {
    expect([9, 10, 14, 15].map((m) => contactUrgency(m, { min: 10, max: 15 }))).toEqual(['ok', 'soon', 'soon', 'late']);
  });

  it('counts on from the server\'s minutes by whole minutes since the answer', () => {
    const fetchedAt = Date.UTC(2026, 4, 15, 14, 0, 0);
    expect(minutesWaiting(4, fetchedAt, fetchedAt)).toBe(4);
    expect(minutesWaiting(4, fetchedAt, fetchedAt + 30_000)).toBe(4);
    expect(minutesWaiting(4, fetchedAt, fetchedAt + 60_000)).toBe(5);
    expect(minutesWaiting(4, fetchedAt, fetchedAt + 6 * 60_000 + 30_000)).toBe(10);
    // A clock behind the answer never counts down.
    expect(minutesWaiting(4, fetchedAt, fetchedAt - 120_000)).toBe(4);
  });

  it('measures the time to first contact in whole minutes', () => {
    expect(minutesToContact('2026-05-15T14:00:00.000Z', '2026-05-15T14:07:59.000Z')).toBe(7);
  });
});
