/**
 * Capacity changes that are not booking changes (issue #16): a worker's availability, time off,
 * skills, active flag or role, and the business settings. The code that makes such a change
 * runs, in its own transaction, `pg_notify('capacity_changes', {"scope": "workers" | "settings"})`
 * (src/server/modules/workers/capacity-caches.ts, announceCapacityChange); NOTIFY is delivered
 * only on commit, on PostgreSQL as on PGlite. The realtime hub (booking-event-hub.ts) LISTENs on
 * this channel in every process, and each process's read caches (the day plans behind the slots,
 * the business settings) drop what the change made stale. Booking changes need no message of
 * their own: the booking_events trigger already announces every one (0003_booking_notify.sql).
 */
import { payloadObject } from './notify-payload';

/** The NOTIFY channel of worker and settings changes. */
export const CAPACITY_CHANGES_CHANNEL = 'capacity_changes';

/**
 * What changed: `workers` (who can work when: availability, time off, skills, active, role) or
 * `settings` (business settings: hours, buffer, prices, anything on /admin/settings).
 */
export type CapacityScope = 'workers' | 'settings';

export interface CapacityNotice {
  scope: CapacityScope;
}

/** Called once per notice; must return quickly. */
export type CapacityListener = (notice: CapacityNotice) => void;

/**
 * Reads a NOTIFY payload of the capacity_changes channel.
 * @returns null when it is not the expected JSON object (logged by the caller)
 */
export function parseCapacityNotice(payload: string): CapacityNotice | null {
  const v = payloadObject(payload);
  if (!v || (v.scope !== 'workers' && v.scope !== 'settings')) return null;
  return { scope: v.scope };
}
