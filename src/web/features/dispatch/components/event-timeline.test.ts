import { describe, expect, it } from 'vitest';
import { readableNote } from './event-timeline';

const event = (type: string, note: string | null) => ({ type, note, fromStatus: null, toStatus: null, actorRole: 'admin', amountCents: null, createdAt: '2026-05-15T14:00:00.000Z' });

describe('timeline notes', () => {
  it('shows instants in Tampa time', () => {
    expect(readableNote(event('rescheduled', '2026-05-15T18:30:00.000Z -> 2026-05-16T14:00:00.000Z'), 'en')).toBe('Fri, May 15, 2:30 PM -> Sat, May 16, 10:00 AM');
    expect(readableNote(event('en_route', 'ETA 2026-05-15T18:45:00.000Z'), 'en')).toBe('ETA Fri, May 15, 2:45 PM');
  });

  it('leaves out notes that only carry ids, and keeps people\'s words', () => {
    expect(readableNote(event('hold_placed', 'pi_sim_123'), 'en')).toBeNull();
    expect(readableNote(event('assigned', 'worker abc, ETA 2026-05-15T18:45:00.000Z'), 'en')).toBeNull();
    expect(readableNote(event('cancelled', 'Customer is sick'), 'en')).toBe('Customer is sick');
    expect(readableNote(event('created', null), 'en')).toBeNull();
  });
});
