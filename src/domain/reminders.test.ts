import { describe, expect, it } from 'vitest';
import { customerReminderDue, reminderDueAt, workerListDue, type RemindableBooking } from './reminders';

const at = (iso: string) => new Date(iso);
/** A confirmed job at `start`, booked well ahead. */
const job = (start: string, overrides: Partial<RemindableBooking> = {}): RemindableBooking => ({
  scheduledStart: at(start),
  createdAt: at('2026-01-01T12:00:00Z'),
  status: 'confirmed',
  ...overrides,
});

describe('customer reminders (Tampa time)', () => {
  // Tue 2026-11-24 10:00 EST = 15:00Z.
  const start = '2026-11-24T15:00:00Z';

  it('sends the day-before reminder from 6 PM the evening before until midnight', () => {
    expect(customerReminderDue(job(start), at('2026-11-23T22:59:00Z'))).toBeNull(); // 5:59 PM
    expect(customerReminderDue(job(start), at('2026-11-23T23:00:00Z'))).toBe('day_before'); // 6:00 PM
    expect(customerReminderDue(job(start), at('2026-11-24T04:59:00Z'))).toBe('day_before'); // 11:59 PM
    expect(customerReminderDue(job(start), at('2026-11-24T05:00:00Z'))).toBeNull(); // midnight
  });

  it('sends the morning reminder from 7 AM until the start, and nothing once the job started', () => {
    expect(customerReminderDue(job(start), at('2026-11-24T11:59:00Z'))).toBeNull(); // 6:59 AM
    expect(customerReminderDue(job(start), at('2026-11-24T12:00:00Z'))).toBe('morning_of'); // 7:00 AM
    expect(customerReminderDue(job(start), at('2026-11-24T14:59:00Z'))).toBe('morning_of');
    expect(customerReminderDue(job(start), at('2026-11-24T15:00:00Z'))).toBeNull();
  });

  it('skips a reminder whose time had passed when the job was booked', () => {
    // Booked at 8 PM the evening before: no day-before reminder, the 7 AM one still comes.
    const lateEvening = job(start, { createdAt: at('2026-11-24T01:00:00Z') });
    expect(customerReminderDue(lateEvening, at('2026-11-24T02:00:00Z'))).toBeNull();
    expect(customerReminderDue(lateEvening, at('2026-11-24T12:00:00Z'))).toBe('morning_of');
    // Booked on the day at 8 AM for 10 AM: nothing (its confirmation just came).
    const sameDay = job(start, { createdAt: at('2026-11-24T13:00:00Z') });
    expect(customerReminderDue(sameDay, at('2026-11-24T13:01:00Z'))).toBeNull();
  });

  it('never reminds a cancelled, completed or started job', () => {
    for (const status of ['cancelled', 'completed', 'in_progress', 'en_route', 'no_show'] as const) {
      expect(customerReminderDue(job(start, { status }), at('2026-11-23T23:30:00Z'))).toBeNull();
    }
  });

  it('keeps 6 PM and 7 AM on the DST days (2026-03-08 spring forward, 2026-11-01 fall back)', () => {
    // Job Sun 2026-03-08 10:00 EDT (14:00Z): the evening before is still EST (23:00Z), the morning is EDT (11:00Z).
    expect(reminderDueAt('day_before', at('2026-03-08T14:00:00Z'))).toEqual(at('2026-03-07T23:00:00Z'));
    expect(reminderDueAt('morning_of', at('2026-03-08T14:00:00Z'))).toEqual(at('2026-03-08T11:00:00Z'));
    // Job Mon 2026-03-09: the evening before (Sunday, EDT) is 22:00Z.
    expect(reminderDueAt('day_before', at('2026-03-09T14:00:00Z'))).toEqual(at('2026-03-08T22:00:00Z'));
    // Job Sun 2026-11-01 10:00 EST (15:00Z): the evening before is EDT (22:00Z), the morning EST (12:00Z).
    expect(reminderDueAt('day_before', at('2026-11-01T15:00:00Z'))).toEqual(at('2026-10-31T22:00:00Z'));
    expect(reminderDueAt('morning_of', at('2026-11-01T15:00:00Z'))).toEqual(at('2026-11-01T12:00:00Z'));
    expect(customerReminderDue(job('2026-11-01T15:00:00Z'), at('2026-11-01T11:59:00Z'))).toBeNull();
    expect(customerReminderDue(job('2026-11-01T15:00:00Z'), at('2026-11-01T12:00:00Z'))).toBe('morning_of');
    // Job Mon 2026-11-02: the evening before (Sunday, EST) is 23:00Z, and runs until 05:00Z.
    expect(customerReminderDue(job('2026-11-02T15:00:00Z'), at('2026-11-01T22:59:00Z'))).toBeNull();
    expect(customerReminderDue(job('2026-11-02T15:00:00Z'), at('2026-11-01T23:00:00Z'))).toBe('day_before');
  });
});

describe('the workers’ next-day list', () => {
  it('is due from 6 PM Tampa and lists the next Tampa day, across DST', () => {
    expect(workerListDue(at('2026-11-23T22:59:00Z'))).toBeNull();
    expect(workerListDue(at('2026-11-23T23:00:00Z'))).toEqual({ date: '2026-11-24', start: at('2026-11-24T05:00:00Z'), end: at('2026-11-25T05:00:00Z') });
    // Saturday 2026-10-31 6 PM EDT: Sunday 2026-11-01 is 25 hours long.
    expect(workerListDue(at('2026-10-31T22:00:00Z'))).toEqual({ date: '2026-11-01', start: at('2026-11-01T04:00:00Z'), end: at('2026-11-02T05:00:00Z') });
    // Saturday 2026-03-07 6 PM EST: Sunday 2026-03-08 is 23 hours long.
    expect(workerListDue(at('2026-03-07T23:00:00Z'))).toEqual({ date: '2026-03-08', start: at('2026-03-08T05:00:00Z'), end: at('2026-03-09T04:00:00Z') });
  });
});
