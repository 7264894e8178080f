/**
 * Reads what a booking message needs from the database: the booking row, the customer (profile
 * name, account email, notification choices), the assigned worker (name, phone), the payment record and the ledger
 * totals (src/domain/ledger.ts). `claimBookingMail` reads the same in the statement that claims a
 * booking event's messages for this process (docs/decisions/043-notifications-claimed-once.md).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { summarizeLedger } from '../../domain/ledger';
import type { Database } from '../db/client';
import { executeNamed } from '../db/named-statement';
import { bookingEvents, bookings, mailOutbox, notificationPreferences, paymentLedger, payments, profiles, user, workerProfiles } from '../db/schema';
import type { BookingMailData } from '../mail/booking-mail';

type PaymentSummary = Pick<typeof payments.$inferSelect, 'status' | 'cardBrand' | 'cardLast4' | 'amountHeldCents'>;
type LedgerRow = typeof paymentLedger.$inferSelect;

/**
 * The columns a booking message needs (decoded by `mailData`): the booking and its customer's
 * account joined, everything else as scalar subqueries. With the profiles, preferences and worker
 * as six outer joins the planner took ~4 ms per statement in this sandbox, more than the rest of
 * a booking's statements together (issue #16, pg_stat_statements `total_plan_time`).
 */
const mailDataColumns = {
  booking: bookings,
  customerEmail: user.email,
  customerAccountName: user.name,
  customerFullName: sql<string | null>`(select p.full_name from ${profiles} p where p.id = ${bookings.customerId})`,
  notifications: sql<[email: boolean, sms: boolean] | null>`(select json_build_array(n.email, n.sms) from ${notificationPreferences} n where n.user_id = ${bookings.customerId})`,
  worker: sql<[accountName: string, fullName: string | null, workerPhone: string | null, profilePhone: string | null] | null>`(select json_build_array(u.name, p.full_name, wp.phone, p.phone) from ${user} u
    left join ${profiles} p on p.id = u.id left join ${workerProfiles} wp on wp.user_id = u.id where u.id = ${bookings.workerId})`,
  // The payment and the ledger in the same statement (issue #16: three round trips per mail batch before).
  payment: sql<PaymentSummary | null>`(select json_build_object('status', p.status, 'cardBrand', p.card_brand, 'cardLast4', p.card_last4, 'amountHeldCents', p.amount_held_cents) from ${payments} p where p.booking_id = ${bookings.id} limit 1)`,
  ledger: sql<[LedgerRow['kind'], number][]>`(select coalesce(json_agg(json_build_array(l.kind, l.amount_cents)), '[]'::json) from ${paymentLedger} l where l.booking_id = ${bookings.id})`,
};

type MailDataRow = SelectResultFields<typeof mailDataColumns>;

function mailData(row: MailDataRow): BookingMailData {
  const payment = row.payment;
  const summary = summarizeLedger(row.ledger.map(([kind, amountCents]) => ({ kind, amountCents })));
  const b = row.booking;
  const [email, sms] = row.notifications ?? [true, true];
  const worker = b.workerId ? row.worker : null;
  return {
    booking: b,
    customer: { name: row.customerFullName ?? row.customerAccountName, email: row.customerEmail, notifications: { email, sms } },
    worker: worker ? { name: worker[1] ?? worker[0], phone: worker[2] ?? worker[3] ?? null } : null,
    payment: payment ?? null,
    money: { paidCents: summary.paidCents, refundedCents: summary.refundedCents, capturedCents: summary.capturedCents, extraChargedCents: summary.extraChargedCents },
  };
}

/** @returns null when the booking no longer exists */
export async function loadBookingMailData(db: Database, bookingId: string): Promise<BookingMailData | null> {
  const [row] = await db.select(mailDataColumns).from(bookings).innerJoin(user, eq(user.id, bookings.customerId)).where(eq(bookings.id, bookingId)).limit(1);
  return row ? mailData(row) : null;
}

/** The claim itself: marks the event notified unless a process already has; returns its booking when this one did. */
function claimEvent(db: Database, eventId: string) {
  return db
    .update(bookingEvents)
    .set({ notifiedAt: sql`now()` })
    .where(and(eq(bookingEvents.id, eventId), isNull(bookingEvents.notifiedAt)))
    .returning({ bookingId: bookingEvents.bookingId });
}

/**
 * The claim-and-read statement for one set of templates and any number of events (their ids an
 * array placeholder): one row per event claimed, with the event's id.
 */
function prepareClaimBookingMails(db: Database, templates: readonly string[], name: string) {
  const claim = db.$with('claim').as(
    db
      .update(bookingEvents)
      .set({ notifiedAt: sql`now()` })
      .where(and(sql`${bookingEvents.id} = any(${sql.placeholder('eventIds')}::uuid[])`, isNull(bookingEvents.notifiedAt)))
      .returning({ eventId: bookingEvents.id, bookingId: bookingEvents.bookingId }),
  );
  const sent = sql<string[]>`(select coalesce(json_agg(distinct o.template), '[]'::json) from ${mailOutbox} o where o.booking_id = ${bookings.id} and o.template in ${[...templates]})`;
  return db
    .with(claim)
    .select({ ...mailDataColumns, sent, eventId: sql<string>`claim.id`.as('claimed_event_id') })
    .from(bookings)
    .innerJoin(claim, sql`claim.booking_id = ${bookings.id}`)
    .innerJoin(user, eq(user.id, bookings.customerId))
    .prepare(name);
}

/**
 * The claim statements, built once per database handle and set of templates (issue #16: drizzle
 * built the ~2.4 KB statement again for every booking event, ~2 % of a booking's server CPU under
 * `--cpu-prof`); on a PostgreSQL server each is a named prepared statement, parsed once per
 * connection. Names are unique in the process (node-postgres refuses one name for two texts).
 */
const claimStatements = new WeakMap<Database, Map<string, ReturnType<typeof prepareClaimBookingMails>>>();
let claimStatementCount = 0;

function claimBookingMailsStatement(db: Database, templates: readonly string[]) {
  let byTemplates = claimStatements.get(db);
  if (!byTemplates) claimStatements.set(db, (byTemplates = new Map()));
  const key = templates.join(',');
  let statement = byTemplates.get(key);
  if (!statement) byTemplates.set(key, (statement = prepareClaimBookingMails(db, templates, `claim_booking_mails_${++claimStatementCount}`)));
  return statement;
}

/** What a claimed event's messages need, and which of its templates the booking already has. */
export type ClaimedMail = { data: BookingMailData; sent: Set<string> };

/**
 * Claims booking events' messages for this process, in one statement with what they need: sets
 * each event's `notified_at` when no process has (every process hears every event; decision
 * 043), and reads the message data and which of `templates` each booking already has in the
 * outbox. Several events at once (the notifier gathers those heard close together, issue #16:
 * one statement for them all instead of one each).
 * @param eventIds booking_events rows, from the NOTIFY payloads
 * @param templates the mail templates the events may send (at least one)
 * @returns per event id, in the order given: null when another process (or an earlier delivery)
 *   claimed the event, or the booking is gone; an id given twice is claimed once (the first)
 */
export async function claimBookingMails(db: Database, eventIds: readonly string[], templates: readonly string[]): Promise<(ClaimedMail | null)[]> {
  const rows = await claimBookingMailsStatement(db, templates).execute({ eventIds: [...new Set(eventIds)] });
  const byEvent = new Map(rows.map((row) => [row.eventId, row]));
  return eventIds.map((eventId) => {
    const row = byEvent.get(eventId);
    byEvent.delete(eventId);
    return row ? { data: mailData(row), sent: new Set(row.sent) } : null;
  });
}

/**
 * Claims a booking event that sends no mail (its change notice still goes once per process that
 * wins): sets `notified_at` when no process has.
 * @returns whether this call claimed it
 */
export async function claimBookingEvent(db: Database, eventId: string): Promise<boolean> {
  return (await claimEvent(db, eventId)).length > 0;
}

/** How long a claim may go without its mails before the sweep takes the event again (and how old an unclaimed event must be). */
export const UNSENT_MAIL_GRACE_MINUTES = 5;
/** Older events are left alone: their moment has passed (and a template that cannot render is not retried forever). */
export const UNSENT_MAIL_HORIZON_HOURS = 24;

/**
 * Booking events whose mails nobody wrote, given back for a new claim (docs/decisions/051-unsent-booking-mail.md):
 * events of a type that mails (`templatesByType`), between UNSENT_MAIL_GRACE_MINUTES and
 * UNSENT_MAIL_HORIZON_HOURS old, never claimed or claimed more than the grace ago, whose booking
 * has none of the type's templates in the outbox (an event's mails are inserted by one statement:
 * all or none). Their `notified_at` is set back to null, so the notifier's claim takes them as a
 * new event; rows locked by another sweep are skipped.
 * @param templatesByType event type -> its mail templates (the notifier's plan)
 * @returns the events given back (at most `limit`), oldest first
 */
export async function reopenUnsentBookingMail(db: Database, templatesByType: Readonly<Record<string, readonly string[]>>, limit = 50): Promise<{ eventId: string; bookingId: string; type: string }[]> {
  const plans = Object.entries(templatesByType).filter(([, templates]) => templates.length > 0);
  if (plans.length === 0) return [];
  const planRows = sql.join(plans.map(([type, templates]) => sql`(${type}::text, ${`{${templates.join(',')}}`}::text[])`), sql`, `);
  const rows = await executeNamed<{ event_id: string; booking_id: string; type: string }>(db, sql`
    with plan(type, templates) as (values ${planRows}),
    unsent as (
      select e.id from ${bookingEvents} e join plan p on p.type = e.type
      where e.created_at > now() - make_interval(hours => ${UNSENT_MAIL_HORIZON_HOURS})
        and e.created_at < now() - make_interval(mins => ${UNSENT_MAIL_GRACE_MINUTES})
        and (e.notified_at is null or e.notified_at < now() - make_interval(mins => ${UNSENT_MAIL_GRACE_MINUTES}))
        and not exists (select 1 from ${mailOutbox} o where o.booking_id = e.booking_id and o.template = any(p.templates))
      order by e.created_at
      limit ${limit}
      for update of e skip locked
    )
    update ${bookingEvents} e set notified_at = null from unsent u where e.id = u.id
    returning e.id as event_id, e.booking_id, e.type`);
  return rows.map((row) => ({ eventId: row.event_id, bookingId: row.booking_id, type: row.type }));
}
