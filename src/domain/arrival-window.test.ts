import { describe, expect, it } from 'vitest';
import { arrivalWindow } from './arrival-window';

const start = new Date('2026-11-24T15:00:00Z');

describe('arrival window', () => {
  it('runs from the start to the setting’s minutes after it until the worker is on the way', () => {
    expect(arrivalWindow({ scheduledStart: start, etaAt: null, status: 'pending' }, 60)).toEqual({ from: start, to: new Date('2026-11-24T16:00:00Z'), basis: 'schedule' });
    // An ETA set at assignment does not narrow it yet.
    expect(arrivalWindow({ scheduledStart: start, etaAt: new Date('2026-11-24T15:20:00Z'), status: 'confirmed' }, 90)?.to).toEqual(new Date('2026-11-24T16:30:00Z'));
  });

  it('narrows to the ETA and 15 minutes after it once the worker is on the way, even past the booked window', () => {
    expect(arrivalWindow({ scheduledStart: start, etaAt: new Date('2026-11-24T15:20:00Z'), status: 'en_route' }, 60)).toEqual({
      from: new Date('2026-11-24T15:20:00Z'),
      to: new Date('2026-11-24T15:35:00Z'),
      basis: 'eta',
    });
    expect(arrivalWindow({ scheduledStart: start, etaAt: new Date('2026-11-24T16:30:00Z'), status: 'en_route' }, 60)?.from).toEqual(new Date('2026-11-24T16:30:00Z'));
  });

  it('shows no window once the worker arrived or the job is over', () => {
    for (const status of ['in_progress', 'completed', 'cancelled', 'no_show', 'payment_failed'] as const) {
      expect(arrivalWindow({ scheduledStart: start, etaAt: null, status }, 60)).toBeNull();
    }
  });
});
