/**
 * The booking confirmation's calendar file, read back by an independent iCalendar parser
 * (Mozilla's ical.js, the one Thunderbird uses): what a customer's calendar app would import.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { appointmentIcs } from './calendar';

const appointment = {
  uid: 'booking-5b0c2d8e-0d5f-4a8e-9a55-0e3f4c7b2a10@book.example.com',
  start: new Date('2026-12-01T15:00:00Z'),
  end: new Date('2026-12-01T17:30:00Z'),
  title: 'Instalación de TV — Tampa Handyman',
  description: 'Reserva TH-7K2Q9P. ¿Preguntas? Llame al (813) 555-0100.\nCuándo: martes, 1 de diciembre de 2026, 10:00 a. m.; traiga el soporte, por favor',
  location: '123 Bayshore Blvd, Apt 4, Tampa, FL 33606',
  url: 'https://book.example.com/my-bookings',
};

function eventOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const [event] = calendar.getAllSubcomponents('vevent');
  return { calendar, event: event! };
}

describe('the booking calendar file', () => {
  it('imports as one confirmed, busy event at the booked instants, with the words as written', () => {
    const { calendar, event } = eventOf(appointmentIcs(appointment));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    const read = new ICAL.Event(event);
    expect(read.uid).toBe(appointment.uid);
    expect(read.startDate.toJSDate().toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(read.endDate.toJSDate().toISOString()).toBe('2026-12-01T17:30:00.000Z');
    expect(read.startDate.zone?.tzid).toBe('UTC');
    expect(read.summary).toBe(appointment.title);
    expect(read.description).toBe(appointment.description);
    expect(read.location).toBe(appointment.location);
    expect(event.getFirstPropertyValue('url')).toBe(appointment.url);
    expect(event.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(event.getFirstPropertyValue('x-microsoft-cdo-busystatus')).toBe('BUSY');
    expect(event.getFirstPropertyValue('dtstamp')).toBeTruthy();
  });

  it('writes CRLF lines of at most 75 octets, continued with a space (RFC 5545 section 3.1)', () => {
    const text = appointmentIcs(appointment);
    expect(text).toContain('\r\n');
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines.every((line) => !line.includes('\n'))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // The long description had to be folded, and its continuation starts with one space.
    expect(lines.some((line) => line.startsWith(' '))).toBe(true);
    expect(text).toContain('DTSTART:20261201T150000Z');
    expect(text).toContain('DTEND:20261201T173000Z');
  });

  it('refuses an event that does not end after it starts', () => {
    expect(() => appointmentIcs({ ...appointment, end: appointment.start })).toThrow(/calendar file not built/);
    expect(() => appointmentIcs({ ...appointment, end: new Date(appointment.start.getTime() - 60_000) })).toThrow(/calendar file not built/);
    expect(() => appointmentIcs({ ...appointment, start: new Date(Number.NaN) })).toThrow(/calendar file not built/);
  });

  it('leaves the link out when there is none', () => {
    const { event } = eventOf(appointmentIcs({ ...appointment, url: undefined }));
    expect(event.getFirstPropertyValue('url')).toBeNull();
  });
});
