/**
 * A booking's history (DESIGN.md "Booking life cycle"; issue #10): each `booking_events` row is
 * one thing that happened, with its facts as typed data (`booking_events.data`, jsonb) rather than
 * English words, so that each reader sees them in their own language. The data of each event type
 * is one zod schema here: the server writes it (src/server/modules/bookings/booking-transitions.ts)
 * and the dispatch timeline reads it (`eventFacts`). Instants are ISO-8601 UTC, money in cents.
 *
 * `note` stays for free text a person wrote (an admin's reason to cancel) or a bank's own words;
 * rows written before the data column existed carry their facts in `note` only, and are shown
 * from it as they were.
 */
import { z } from 'zod';
import { BOOKING_STATUSES } from './booking-status';
import { TIMED_MOVES, TIMING_FLAGS } from './job-timing';

const instant = z.iso.datetime({ offset: true });
const cents = z.number().int();
const status = z.enum(BOOKING_STATUSES);

/** The cancellation tiers an event may record: the policy's, an admin's waiver, a no-show. */
export const CANCELLATION_EVENT_TIERS = ['grace', 'free', 'half', 'full', 'waived', 'no_show'] as const;

/** Why a money operation settled without its move: the booking had moved on meanwhile. */
export const SETTLED_OPERATIONS = ['cancel', 'no_show', 'complete'] as const;

/** Why a worker declines an assigned job (their own words go with it). */
export const WORKER_DECLINE_REASONS = ['schedule_conflict', 'too_far', 'missing_skill_or_tools', 'personal', 'other'] as const;
export type WorkerDeclineReason = (typeof WORKER_DECLINE_REASONS)[number];

const cancellationData = z.object({ tier: z.enum(CANCELLATION_EVENT_TIERS), feeCents: cents });

/** The data each event type carries; a type not named here carries none. */
export const bookingEventDataSchemas = {
  /** The card hold: the gateway's reference; `deferred` when placed by the job ~24 h before the start. */
  hold_placed: z.object({ reference: z.string(), deferred: z.boolean() }),
  /** The card was saved and the hold put off (the job is far ahead). */
  card_saved: z.object({ reason: z.literal('hold_deferred') }),
  /** The deferred hold was refused; `code` is the gateway's (card_declined, ...). The bank's words are the note. */
  deferred_hold_failed: z.object({ code: z.string() }),
  /** The booking failed: its deferred hold stayed refused past the grace period. */
  payment_failed: z.object({ reason: z.literal('deferred_hold_grace_ended') }),
  /** First contact with the customer, whole minutes after they booked (the 5-10 minute promise). */
  contacted: z.object({ minutesAfterBooking: z.number().int() }),
  /** A worker was given the job, with the expected arrival when one was set. */
  assigned: z.object({ workerId: z.string(), etaAt: instant.nullable() }),
  /** The worker was taken off the job; `worker_not_free`: not free at the job's new time. */
  unassigned: z.object({ workerId: z.string().nullable(), reason: z.literal('worker_not_free') }),
  /** Staff set or changed the expected arrival. */
  eta_changed: z.object({ etaAt: instant }),
  /** The worker is on the way, arriving at `etaAt`. */
  en_route: z.object({ etaAt: instant }),
  /** The job moved from `from` to `to` (its start instants). */
  rescheduled: z.object({ from: instant, to: instant }),
  /** Cancelled under the policy's tier (or waived), with the fee kept. */
  cancelled: cancellationData,
  /** A no-show: the full total is the fee. */
  no_show: cancellationData,
  /** The final amount is more than the approval limit above the booked total: it waits for an admin. */
  final_approval_requested: z.object({ bookedTotalCents: cents, finalTotalCents: cents }),
  /** An admin completed the job on the worker's behalf, from this status. */
  completed_on_behalf: z.object({ previousStatus: status }),
  /** A money operation settled while the booking was already in `status`, so its move was not made. */
  settle_conflict: z.object({ operation: z.enum(SETTLED_OPERATIONS), status }),
  /** Something unusual about a move's timing (src/domain/job-timing.ts), written next to the move. */
  unusual_timing: z.object({ move: z.enum(TIMED_MOVES), flags: z.array(z.enum(TIMING_FLAGS)).min(1), scheduledStart: instant, startedAt: instant.nullable() }),
  /** The assigned worker declined the job, for a reason (`WORKER_DECLINE_REASONS`; their own words are the note); it went back to dispatch. */
  worker_declined: z.object({ workerId: z.string(), reason: z.enum(WORKER_DECLINE_REASONS) }),
} as const;

type DataSchemas = typeof bookingEventDataSchemas;
export type EventTypeWithData = keyof DataSchemas;
export type BookingEventData<T extends EventTypeWithData> = z.infer<DataSchemas[T]>;

/** Event types without data of their own (their status change and amount say it all). */
export const PLAIN_EVENT_TYPES = ['created', 'accepted', 'started', 'completed'] as const;
export type PlainEventType = (typeof PLAIN_EVENT_TYPES)[number];

/** Every event type the server writes. */
export const BOOKING_EVENT_TYPES = [...PLAIN_EVENT_TYPES, ...(Object.keys(bookingEventDataSchemas) as EventTypeWithData[])] as const;
export type BookingEventType = PlainEventType | EventTypeWithData;

/** An event type with its facts, typed together. */
export type EventFacts = { [T in EventTypeWithData]: { type: T; data: BookingEventData<T> } }[EventTypeWithData];

/**
 * An event as the server records it: its type with that type's data, the amount it moved or
 * charged (cents) where there is one, and free text where a person (or a bank) gave one.
 */
export type BookingEventRecord = { amountCents?: number; note?: string | null } & ({ type: PlainEventType; data?: undefined } | EventFacts);

const s = bookingEventDataSchemas;
/** The stored data of any event type (`booking_events.data`), as the API documents it. */
export const bookingEventDataSchema = z.union([s.hold_placed, s.card_saved, s.deferred_hold_failed, s.payment_failed, s.contacted, s.assigned, s.unassigned, s.eta_changed, s.en_route, s.rescheduled, s.cancelled, s.final_approval_requested, s.completed_on_behalf, s.settle_conflict, s.unusual_timing, s.worker_declined]);
export type AnyBookingEventData = z.infer<typeof bookingEventDataSchema>;

/** An event of the timeline, `GET /api/admin/bookings/{id}` (oldest first). */
export const bookingEventSchema = z
  .object({
    /** One of BOOKING_EVENT_TYPES; older rows may hold another. */
    type: z.string(),
    fromStatus: status.nullable(),
    toStatus: status.nullable(),
    /** Who did it; null for the system (payment jobs). */
    actorRole: z.enum(['admin', 'worker', 'user']).nullable(),
    amountCents: cents.nullable(),
    /** Free text a person wrote (a reason), or the bank's words; older rows: the facts in English. */
    note: z.string().nullable(),
    /** The facts of the event (bookingEventDataSchemas by `type`); null on older rows. */
    data: bookingEventDataSchema.nullable(),
    /** The name of the worker the data names (`workerId`), as the account is named now. */
    workerName: z.string().nullable(),
    createdAt: instant,
  })
  .meta({ id: 'BookingEvent' });
export type BookingEvent = z.infer<typeof bookingEventSchema>;

/** Reads an event's data with the schema of its type; null when it has none (a plain type, an older row, data of another shape). */
export function eventFacts(event: { type: string; data: unknown }): EventFacts | null {
  if (!Object.hasOwn(bookingEventDataSchemas, event.type) || event.data == null) return null;
  const type = event.type as EventTypeWithData;
  const parsed = bookingEventDataSchemas[type].safeParse(event.data);
  return parsed.success ? ({ type, data: parsed.data } as EventFacts) : null;
}
