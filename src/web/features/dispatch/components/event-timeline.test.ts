import { afterEach, describe, expect, it } from 'vitest';
import type { BookingEvent } from '@/domain/booking-events';
import i18n from '@/web/lib/i18n';
import { factsText, readableNote } from './event-timeline';

const event = (type: string, fields: Partial<BookingEvent> = {}): BookingEvent => ({
  type,
  fromStatus: null,
  toStatus: null,
  actorRole: 'admin',
  amountCents: null,
  note: null,
  data: null,
  workerName: null,
  createdAt: '2026-05-15T14:00:00.000Z',
  ...fields,
});

const facts = (e: BookingEvent, language = 'en') => factsText(e, i18n.getFixedT(language), language);

describe('timeline facts, from the typed data in the reader\'s language', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('shows the arrival time, the technician and a reschedule in Tampa time', () => {
    expect(facts(event('en_route', { data: { etaAt: '2026-05-15T18:45:00.000Z' } }))).toBe('Arriving Fri, May 15, 2:45 PM');
    expect(facts(event('assigned', { data: { workerId: 'w1', etaAt: '2026-05-15T18:45:00.000Z' }, workerName: 'Luis Ortega' }))).toBe('Luis Ortega, arriving Fri, May 15, 2:45 PM');
    expect(facts(event('assigned', { data: { workerId: 'w1', etaAt: null }, workerName: 'Luis Ortega' }))).toBe('Luis Ortega');
    expect(facts(event('rescheduled', { data: { from: '2026-05-15T18:30:00.000Z', to: '2026-05-16T14:00:00.000Z' } }))).toBe('Fri, May 15, 2:30 PM → Sat, May 16, 10:00 AM');
    expect(facts(event('contacted', { data: { minutesAfterBooking: 7 } }))).toBe('7 minutes after booking');
  });

  it('says the same in Spanish', async () => {
    await i18n.changeLanguage('es');
    expect(facts(event('eta_changed', { data: { etaAt: '2026-05-15T18:45:00.000Z' } }), 'es')).toBe('Llega vie, 15 de may, 2:45 p.m.');
    expect(facts(event('unassigned', { data: { workerId: 'w1', reason: 'worker_not_free' }, workerName: 'Luis Ortega' }), 'es')).toBe('Luis Ortega no está libre a la nueva hora.');
    expect(facts(event('cancelled', { data: { tier: 'waived', feeCents: 0 } }), 'es')).toBe('Política: perdonado');
    expect(facts(event('contacted', { data: { minutesAfterBooking: 1 } }), 'es')).toBe('1 minuto después de la reserva');
  });

  it('has nothing to add for events without facts, or data of another shape', () => {
    expect(facts(event('created'))).toBeNull();
    expect(facts(event('en_route', { data: { reason: 'hold_deferred' } }))).toBeNull();
  });
});

describe('timeline notes', () => {
  it("keeps people's words, also beside typed facts", () => {
    expect(readableNote(event('cancelled', { note: 'Customer is sick', data: { tier: 'waived', feeCents: 0 } }))).toBe('Customer is sick');
    expect(readableNote(event('created'))).toBeNull();
  });

  it('shows older rows without data as they were written, leaving out notes that only carry ids', () => {
    expect(readableNote(event('eta_changed', { note: 'something the server once wrote' }))).toBe('something the server once wrote');
    expect(readableNote(event('hold_placed', { note: 'pi_sim_123' }))).toBeNull();
    expect(readableNote(event('assigned', { note: 'worker abc, ETA 2026-05-15T18:45:00.000Z' }))).toBeNull();
  });
});
