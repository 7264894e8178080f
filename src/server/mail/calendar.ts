/**
 * The calendar file attached to the booking confirmation: one iCalendar (RFC 5545) VEVENT built
 * with the `ical-generator` package. Start and end are written as UTC instants
 * (`DTSTART:...Z`), which every calendar shows at the right local time; the Tampa wall-clock time
 * is spelled out in the mail and in the event's description. (A floating local time would be
 * wrong for anyone whose calendar is not on Tampa time.)
 *
 * `ical-generator` rather than `ics` (issue #16, docs/decisions/061-calendar-file-library.md):
 * `ics` validates every event with a yup schema, ~0.2 ms of server CPU per booking, about 4 % of
 * a booking's; this one writes the same event in ~15 µs.
 */
import ical, { ICalCalendarMethod, ICalEventBusyStatus, ICalEventStatus } from 'ical-generator';

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
 * @returns the .ics text (CRLF lines, folded at 75 octets, RFC 5545 section 3.1)
 * @throws Error when the event is not one (an invalid instant, or an end not after the start)
 */
export function appointmentIcs(appointment: CalendarAppointment): string {
  const { start, end } = appointment;
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end.getTime() <= start.getTime()) {
    throw new Error(`calendar file not built: the event must end after it starts (${String(start)} - ${String(end)})`);
  }
  const calendar = ical({ prodId: { company: 'tampa-handyman', product: 'bookings' }, method: ICalCalendarMethod.PUBLISH });
  calendar.createEvent({
    id: appointment.uid,
    start,
    end,
    summary: appointment.title,
    description: appointment.description,
    location: appointment.location,
    ...(appointment.url ? { url: appointment.url } : {}),
    status: ICalEventStatus.CONFIRMED,
    busystatus: ICalEventBusyStatus.BUSY,
  });
  return calendar.toString();
}
