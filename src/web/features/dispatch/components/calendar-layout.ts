/**
 * Where a job sits on the day view's time axis: minutes after Tampa midnight of the day shown,
 * turned into percentages of the visible span. The span is 7:00 to 21:00 (a little around the
 * business hours), widened to whole hours to take in any job that starts earlier or ends later.
 */
export interface TimeSpan {
  /** Minutes after the day's start (Tampa midnight). */
  fromMinute: number;
  toMinute: number;
}

const DEFAULT_SPAN: TimeSpan = { fromMinute: 7 * 60, toMinute: 21 * 60 };

/** Minutes from the day's start (an ISO instant) to an instant (ISO). */
export function minuteOfDay(dayStart: string, instant: string): number {
  return Math.round((Date.parse(instant) - Date.parse(dayStart)) / 60_000);
}

/** The visible span for the day's jobs (each start/end an ISO instant). */
export function spanFor(dayStart: string, jobs: ReadonlyArray<{ scheduledStart: string; scheduledEnd: string }>): TimeSpan {
  let { fromMinute, toMinute } = DEFAULT_SPAN;
  for (const job of jobs) {
    fromMinute = Math.min(fromMinute, Math.floor(minuteOfDay(dayStart, job.scheduledStart) / 60) * 60);
    toMinute = Math.max(toMinute, Math.ceil(minuteOfDay(dayStart, job.scheduledEnd) / 60) * 60);
  }
  return { fromMinute: Math.max(0, fromMinute), toMinute: Math.min(25 * 60, toMinute) };
}

/** A job's left edge and width as percentages of the span (clamped inside it). */
export function blockPosition(span: TimeSpan, dayStart: string, job: { scheduledStart: string; scheduledEnd: string }): { left: number; width: number } {
  const length = span.toMinute - span.fromMinute;
  const start = Math.max(span.fromMinute, minuteOfDay(dayStart, job.scheduledStart));
  const end = Math.min(span.toMinute, Math.max(start, minuteOfDay(dayStart, job.scheduledEnd)));
  return { left: ((start - span.fromMinute) / length) * 100, width: Math.max(((end - start) / length) * 100, 2) };
}

/** The hour marks of the span (minutes after midnight), every `stepHours`. */
export function hourMarks(span: TimeSpan, stepHours = 2): number[] {
  const marks: number[] = [];
  for (let minute = Math.ceil(span.fromMinute / 60) * 60; minute < span.toMinute; minute += stepHours * 60) marks.push(minute);
  return marks;
}

/** A Tampa date ('YYYY-MM-DD') moved by whole days (calendar arithmetic, no time zone involved). */
export function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}
