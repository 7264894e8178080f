/**
 * The 5-10 minute contact promise on the board (issue #4): how long a pending booking has waited
 * for its first call, and how urgent that is — `ok` under 5 minutes, `soon` from 5 (amber),
 * `late` from 10 (red, the promise is broken).
 */
export type ContactUrgency = 'ok' | 'soon' | 'late';

export const CONTACT_SOON_MINUTES = 5;
export const CONTACT_LATE_MINUTES = 10;

export function contactUrgency(minutes: number): ContactUrgency {
  if (minutes >= CONTACT_LATE_MINUTES) return 'late';
  if (minutes >= CONTACT_SOON_MINUTES) return 'soon';
  return 'ok';
}

/**
 * Minutes waited now: the server's count when it answered, plus the whole minutes since (read
 * from the answer's time rather than the booking's, so a skewed browser clock does not matter).
 * @param minutesAtFetch `minutesSincePlaced` from the API
 * @param fetchedAt when that answer arrived (ms since epoch)
 * @param now the current time (ms since epoch)
 */
export function minutesWaiting(minutesAtFetch: number, fetchedAt: number, now: number): number {
  return Math.max(0, minutesAtFetch + Math.floor(Math.max(0, now - fetchedAt) / 60_000));
}

/** Whole minutes between booking and first contact. */
export function minutesToContact(createdAt: string, contactedAt: string): number {
  return Math.max(0, Math.floor((Date.parse(contactedAt) - Date.parse(createdAt)) / 60_000));
}
