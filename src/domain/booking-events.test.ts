import { describe, expect, it } from 'vitest';
import { BOOKING_EVENT_TYPES, eventFacts } from './booking-events';

describe('booking event facts', () => {
  it('reads the data with the schema of the event type', () => {
    expect(eventFacts({ type: 'rescheduled', data: { from: '2026-11-23T15:00:00.000Z', to: '2026-11-23T17:00:00.000Z' } })).toEqual({
      type: 'rescheduled',
      data: { from: '2026-11-23T15:00:00.000Z', to: '2026-11-23T17:00:00.000Z' },
    });
    expect(eventFacts({ type: 'cancelled', data: { tier: 'waived', feeCents: 0 } })).toEqual({ type: 'cancelled', data: { tier: 'waived', feeCents: 0 } });
  });

  it('has none for plain types, older rows, unknown types or data of another shape', () => {
    expect(eventFacts({ type: 'created', data: null })).toBeNull();
    expect(eventFacts({ type: 'eta_changed', data: null })).toBeNull();
    expect(eventFacts({ type: 'toString', data: {} })).toBeNull();
    expect(eventFacts({ type: 'eta_changed', data: { etaAt: 'soon' } })).toBeNull();
    expect(eventFacts({ type: 'cancelled', data: { tier: 'most', feeCents: 0 } })).toBeNull();
  });

  it('names every type the server writes once', () => {
    expect(new Set(BOOKING_EVENT_TYPES).size).toBe(BOOKING_EVENT_TYPES.length);
    expect(BOOKING_EVENT_TYPES).toEqual(expect.arrayContaining(['created', 'assigned', 'en_route', 'completed', 'settle_conflict']));
  });
});
