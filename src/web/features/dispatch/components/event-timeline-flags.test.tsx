// @vitest-environment jsdom
/**
 * Issue #14: the booking timeline flags what is unusual about a job — a move outside the worker's
 * time window made by an admin, an early or late start, a completion much shorter than the
 * minimum, a worker declining — with a visible warning badge and the facts in the reader's
 * language; and the contact time reads in Spanish too (defect 13).
 */
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingEvent } from '@/domain/booking-events';
import i18n from '@/web/lib/i18n';
import { EventTimeline } from './event-timeline';

const event = (type: string, fields: Partial<BookingEvent> = {}): BookingEvent => ({
  type,
  fromStatus: null,
  toStatus: null,
  actorRole: 'admin',
  amountCents: null,
  note: null,
  data: null,
  workerName: null,
  createdAt: '2026-11-23T14:00:00.000Z',
  ...fields,
});

const EVENTS: BookingEvent[] = [
  event('contacted', { data: { minutesAfterBooking: 3 }, createdAt: '2026-11-22T14:00:00.000Z' }),
  event('started', { actorRole: 'worker', fromStatus: 'confirmed', toStatus: 'in_progress', createdAt: '2026-11-23T17:05:00.000Z' }),
  event('unusual_timing', { actorRole: 'worker', data: { move: 'start', flags: ['late_start'], scheduledStart: '2026-11-23T15:00:00.000Z', startedAt: null }, createdAt: '2026-11-23T17:05:00.001Z' }),
  event('unusual_timing', { data: { move: 'complete', flags: ['admin_override', 'short_job'], scheduledStart: '2026-11-23T15:00:00.000Z', startedAt: '2026-11-23T17:05:00.000Z' }, createdAt: '2026-11-23T17:07:00.000Z' }),
  event('worker_declined', { actorRole: 'worker', fromStatus: 'confirmed', toStatus: 'pending', note: 'Car broke down', data: { workerId: 'w1', reason: 'schedule_conflict' }, workerName: 'Luis Ortega', createdAt: '2026-11-23T12:00:00.000Z' }),
];

const items = () => screen.getAllByRole('listitem');

describe('the booking timeline flags the unusual', () => {
  afterEach(() => void i18n.changeLanguage('en'));

  it('badges unusual timing and a decline, with their facts, and nothing else', () => {
    render(<EventTimeline events={EVENTS} />);
    const flagged = items().filter((item) => within(item).queryByText('Unusual'));
    expect(flagged.map((item) => item.querySelector('p')?.textContent)).toEqual(['Declined by the technicianUnusual', 'Unusual timingUnusual', 'Unusual timingUnusual']);
    expect(flagged[0]).toHaveTextContent("Luis Ortega: can't make it at that time");
    expect(flagged[0]).toHaveTextContent('Car broke down');
    expect(flagged[1]).toHaveTextContent('Start (booked for Mon, Nov 23, 10:00 AM): started more than 2 hours after the booked time');
    expect(flagged[2]).toHaveTextContent("Completion (booked for Mon, Nov 23, 10:00 AM): made by an admin outside the technician's time window · completed sooner than the shortest plausible job");
    expect(items()[0]).toHaveTextContent('3 minutes after booking');
    expect(within(items()[0]).queryByText('Unusual')).toBeNull();
  });

  it('says it all in Spanish, the contact time included', async () => {
    await i18n.changeLanguage('es');
    render(<EventTimeline events={EVENTS} />);
    const flagged = items().filter((item) => within(item).queryByText('Inusual'));
    expect(flagged).toHaveLength(3);
    expect(flagged[0]).toHaveTextContent('Rechazado por el técnico');
    expect(flagged[0]).toHaveTextContent('Luis Ortega: no puede a esa hora');
    expect(flagged[1]).toHaveTextContent('iniciado más de 2 horas después de la hora reservada');
    expect(flagged[2]).toHaveTextContent('completado antes de la duración mínima razonable');
    expect(items()[0]).toHaveTextContent('3 minutos después de la reserva');
    expect(document.body).not.toHaveTextContent(/after booking|Unusual|booked for/);
  });
});
