/**
 * The calendar file attached to the booking confirmation: one iCalendar (RFC 5545) VEVENT built
 * with the `ics` package. Start and end are written as UTC instants (`DTSTART:...Z`), which every
 * calendar shows at the right local time; the Tampa wall-clock time is spelled out in the mail
 * and in the event's description. (The package cannot emit a TZID with its VTIMEZONE, and a
 * floating local time would be wrong for anyone whose calendar is not on Tampa time.)
 */
import { createEvent } from 'ics';

export interface CalendarAppointment {
  /** Globally unique and stable per booking, so a second import updates instead of duplicating. */
  uid: string;
  start: Date;
  end: Date;
  title: string;
  description: string;
  location: string;
  url?: string;
}

/**
 * @returns the .ics text (CRLF lines, folded at 75 octets)
 * @throws Error when the package refuses the event (e.g. end before start)
 */
export function appointmentIcs(appointment: CalendarAppointment): string {
  const { error, value } = createEvent({
    uid: appointment.uid,
    productId: 'tampa-handyman/bookings',
    method: 'PUBLISH',
    start: appointment.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: appointment.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: appointment.title,
    description: appointment.description,
    location: appointment.location,
    ...(appointment.url ? { url: appointment.url } : {}),
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw new Error(`calendar file not built: ${error?.message ?? 'empty result'}`);
  return value;
}
