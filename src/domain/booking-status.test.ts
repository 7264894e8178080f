import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, canTransition, isActiveStatus, type BookingStatus } from './booking-status';

/** The life cycle of DESIGN.md "Booking life cycle", written out move by move. */
const ALLOWED_MOVES: Array<[BookingStatus, BookingStatus]> = [
  ['pending', 'confirmed'], // worker assigned
  ['pending', 'cancelled'],
  ['pending', 'payment_failed'],
  ['pending', 'no_show'], // the customer was not there (marked by an admin)
  ['confirmed', 'en_route'],
  ['confirmed', 'in_progress'], // worker already on site
  ['confirmed', 'cancelled'],
  ['confirmed', 'no_show'],
  ['confirmed', 'pending'], // worker unassigned, back to dispatch
  ['en_route', 'in_progress'],
  ['en_route', 'cancelled'],
  ['en_route', 'no_show'],
  ['in_progress', 'completed'],
  ['payment_failed', 'cancelled'],
];

describe('canTransition', () => {
  it.each(ALLOWED_MOVES)('allows %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(true);
  });

  it.each([
    ['pending', 'completed'], // nothing is captured before the job is done
    ['pending', 'in_progress'],
    ['pending', 'en_route'],
    ['confirmed', 'completed'],
    ['en_route', 'completed'],
    ['en_route', 'pending'],
    ['in_progress', 'cancelled'], // a job under way is finished, not cancelled
    ['in_progress', 'no_show'],
    ['payment_failed', 'confirmed'],
    ['payment_failed', 'pending'],
  ] as Array<[BookingStatus, BookingStatus]>)('refuses %s -> %s', (from, to) => {
    expect(canTransition(from, to)).toBe(false);
  });

  it.each(['completed', 'cancelled', 'no_show'] as BookingStatus[])('treats %s as final', (from) => {
    expect(BOOKING_STATUSES.filter((to) => canTransition(from, to))).toEqual([]);
  });

  it('refuses staying in the same status', () => {
    expect(BOOKING_STATUSES.filter((status) => canTransition(status, status))).toEqual([]);
  });

  it('allows exactly the moves of the life cycle and no other', () => {
    const allowed = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.filter((to) => canTransition(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(ALLOWED_MOVES.map(([from, to]) => `${from}->${to}`).sort());
  });

  it('lets every active booking still reach completed', () => {
    const reachesCompleted = (status: BookingStatus, seen = new Set<BookingStatus>()): boolean => {
      if (status === 'completed') return true;
      seen.add(status);
      return BOOKING_STATUSES.some((next) => !seen.has(next) && canTransition(status, next) && reachesCompleted(next, seen));
    };
    for (const status of BOOKING_STATUSES.filter(isActiveStatus)) expect(reachesCompleted(status), status).toBe(true);
  });
});

describe('isActiveStatus', () => {
  it('counts a booking as ahead of the customer until it is completed or has left the life cycle', () => {
    expect(BOOKING_STATUSES.filter(isActiveStatus)).toEqual(['pending', 'confirmed', 'en_route', 'in_progress']);
    expect(BOOKING_STATUSES.filter((status) => !isActiveStatus(status))).toEqual(['completed', 'cancelled', 'no_show', 'payment_failed']);
  });
});

describe('who completes and cancels', () => {
  it('lets a worker complete only a job in progress, and an admin any active job', async () => {
    const { canComplete, canCancel } = await import('./booking-status');
    expect(canComplete('in_progress', 'worker')).toBe(true);
    expect(canComplete('confirmed', 'worker')).toBe(false);
    expect(canComplete('pending', 'admin')).toBe(true);
    expect(canComplete('completed', 'admin')).toBe(false);
    expect(canComplete('cancelled', 'admin')).toBe(false);
    expect(['pending', 'confirmed', 'en_route'].every((s) => canCancel(s as never))).toBe(true);
    expect(canCancel('in_progress')).toBe(false);
    expect(canCancel('completed')).toBe(false);
  });
});
