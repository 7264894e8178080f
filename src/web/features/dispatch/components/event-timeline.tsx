/**
 * A booking's history, oldest first: when each thing happened (Tampa time), what it was
 * (`dispatch.events.<type>`, or the raw type for one this build does not name), the status change,
 * who did it, any amount, the event's facts in the reader's language from its typed data
 * (`dispatch.eventFacts.*`: the technician and arrival time, the old and new start, the policy
 * tier, ...; src/domain/booking-events.ts), and a note, which is someone's own words (an admin's
 * reason, the bank's message) and shows as written.
 *
 * Anything unusual is flagged with a warning badge: the `unusual_timing` event (a move outside the
 * worker's time window made by an admin, an early or late start, a job completed much faster than
 * the minimum; src/domain/job-timing.ts) and a worker declining the job.
 *
 * Rows written before events carried data have their facts in an English note; the ones the
 * data migration could not read show as written, except notes that only carry ids (a gateway
 * reference, a worker id).
 */
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatTampaShort } from '@/domain/format';
import { eventFacts, type BookingEvent } from '@/domain/booking-events';

/** Event types whose notes (on rows without data) are ids for machines, not words for people. */
const MACHINE_NOTES = new Set(['hold_placed', 'assigned', 'final_approval_requested']);

/** The note to show: a person's (or the bank's) words; null when there are none for people. */
export function readableNote(event: Pick<BookingEvent, 'type' | 'note' | 'data'>): string | null {
  if (!event.note || (event.data == null && MACHINE_NOTES.has(event.type))) return null;
  return event.note;
}

/** The event's facts in the reader's language, from its data; null when it has none to say. */
export function factsText(event: Pick<BookingEvent, 'type' | 'data' | 'workerName'>, t: TFunction, language: string | undefined): string | null {
  const facts = eventFacts(event);
  if (!facts) return null;
  const time = (iso: string) => formatTampaShort(iso, language);
  const money = (cents: number) => formatPrice(cents, language);
  const status = (value: string) => t(`staff.status.${value}`, { defaultValue: value });
  switch (facts.type) {
    case 'hold_placed':
      return facts.data.deferred ? t('dispatch.eventFacts.holdDeferredPlaced') : null;
    case 'card_saved':
      return t('dispatch.eventFacts.holdDeferred');
    case 'deferred_hold_failed':
      return t(`dispatch.eventFacts.holdFailed.${facts.data.code}`, { defaultValue: t('dispatch.eventFacts.holdFailed.other', { code: facts.data.code }) });
    case 'payment_failed':
      return t('dispatch.eventFacts.graceEnded');
    case 'contacted':
      return t('dispatch.eventFacts.contacted', { count: facts.data.minutesAfterBooking });
    case 'assigned': {
      const { etaAt } = facts.data;
      const name = event.workerName ?? t('dispatch.eventFacts.formerWorker');
      return etaAt ? t('dispatch.eventFacts.assignedWithEta', { name, time: time(etaAt) }) : name;
    }
    case 'unassigned':
      return t('dispatch.eventFacts.workerNotFree', { name: event.workerName ?? t('dispatch.eventFacts.formerWorker') });
    case 'eta_changed':
    case 'en_route':
      return t('dispatch.eventFacts.arriving', { time: time(facts.data.etaAt) });
    case 'rescheduled':
      return t('dispatch.eventFacts.rescheduled', { from: time(facts.data.from), to: time(facts.data.to) });
    case 'cancelled':
      return t('dispatch.eventFacts.policy', { tier: t(`dispatch.tier.${facts.data.tier}`) });
    case 'no_show':
      return null;
    case 'final_approval_requested':
      return t('dispatch.eventFacts.bookedTotal', { booked: money(facts.data.bookedTotalCents), final: money(facts.data.finalTotalCents) });
    case 'completed_on_behalf':
      return t('dispatch.eventFacts.previousStatus', { status: status(facts.data.previousStatus) });
    case 'settle_conflict':
      return t('dispatch.eventFacts.settledLate', { operation: t(`dispatch.eventFacts.operation.${facts.data.operation}`), status: status(facts.data.status) });
    case 'unusual_timing':
      return t('dispatch.eventFacts.timing', {
        move: t(`dispatch.eventFacts.timedMove.${facts.data.move}`),
        start: time(facts.data.scheduledStart),
        flags: facts.data.flags.map((flag) => t(`dispatch.timingFlags.${flag}`)).join(' · '),
      });
    case 'worker_declined':
      return t('dispatch.eventFacts.declined', { name: event.workerName ?? t('dispatch.eventFacts.formerWorker'), reason: t(`dispatch.declineReasons.${facts.data.reason}`) });
  }
}

/** Whether an event is something unusual an admin should look at (a warning badge on the timeline). */
export function isUnusual(event: Pick<BookingEvent, 'type' | 'data'>): boolean {
  const facts = eventFacts(event);
  return facts?.type === 'unusual_timing' || facts?.type === 'worker_declined';
}

export function EventTimeline({ events }: { events: BookingEvent[] }) {
  const { t, i18n } = useTranslation();
  if (events.length === 0) return <p className="text-sm text-slate-700">{t('dispatch.detail.noEvents')}</p>;
  const ordered = [...events].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const status = (value: string) => t(`staff.status.${value}`, { defaultValue: value });

  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {ordered.map((event, index) => {
        const facts = factsText(event, t, i18n.language);
        const note = readableNote(event);
        return (
          <li key={`${event.createdAt}-${event.type}-${index}`} className="relative text-sm">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-brand-600" />
            <p className="font-medium text-slate-900">
              {t(`dispatch.events.${event.type}`, { defaultValue: event.type.replace(/_/g, ' ') })}
              {isUnusual(event) ? (
                <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 align-middle text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
                  <TriangleAlert aria-hidden="true" className="h-3.5 w-3.5" />
                  {t('dispatch.detail.unusual')}
                </span>
              ) : null}
            </p>
            <p className="text-slate-600">
              <time dateTime={event.createdAt}>{formatTampaShort(event.createdAt, i18n.language)}</time>
              {event.actorRole ? ` · ${t(`dispatch.actor.${event.actorRole}`, { defaultValue: event.actorRole })}` : null}
            </p>
            {event.fromStatus || event.toStatus ? (
              <p className="text-slate-700">
                {event.fromStatus ? `${status(event.fromStatus)} → ` : null}
                {event.toStatus ? status(event.toStatus) : null}
              </p>
            ) : null}
            {event.amountCents ? <p className="text-slate-700">{formatPrice(event.amountCents, i18n.language)}</p> : null}
            {facts ? <p className="text-slate-700">{facts}</p> : null}
            {note ? <p className="break-words text-slate-600">{note}</p> : null}
          </li>
        );
      })}
    </ol>
  );
}
