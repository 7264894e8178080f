/**
 * The contact promise on the board (issue #4): how long a pending booking has waited for its
 * first call. How urgent that is comes from the saved promise (src/domain/contact-promise.ts).
 */

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
