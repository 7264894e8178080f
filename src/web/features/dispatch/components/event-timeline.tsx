/**
 * A booking's history, oldest first: when each thing happened (Tampa time), what it was
 * (`dispatch.events.<type>`, or the raw type for one this build does not name), the status change,
 * who did it, any amount and note. Notes are the server's words for staff; instants in them are
 * shown in Tampa time, and the notes that only carry ids (a gateway reference, a worker id) are
 * left out.
 */
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/web/lib/format';
import { formatTampaShort } from '@/web/lib/time-of-day';
import type { BookingEvent } from '../types';

/** Event types whose notes are ids for machines, not words for people. */
const MACHINE_NOTES = new Set(['hold_placed', 'assigned', 'final_approval_requested']);
const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** The note to show, with ISO instants as Tampa times; null when there is nothing for people. */
export function readableNote(event: BookingEvent, language: string | undefined): string | null {
  if (!event.note || MACHINE_NOTES.has(event.type)) return null;
  return event.note.replace(ISO_INSTANT, (iso) => formatTampaShort(iso, language));
}

export function EventTimeline({ events }: { events: BookingEvent[] }) {
  const { t, i18n } = useTranslation();
  if (events.length === 0) return <p className="text-sm text-slate-700">{t('dispatch.detail.noEvents')}</p>;
  const ordered = [...events].sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
  const status = (value: string) => t(`staff.status.${value}`, { defaultValue: value });

  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {ordered.map((event, index) => (
        <li key={`${event.createdAt}-${event.type}-${index}`} className="relative text-sm">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.3rem] h-2.5 w-2.5 rounded-full bg-brand-600" />
          <p className="font-medium text-slate-900">{t(`dispatch.events.${event.type}`, { defaultValue: event.type.replace(/_/g, ' ') })}</p>
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
          {readableNote(event, i18n.language) ? <p className="break-words text-slate-600">{readableNote(event, i18n.language)}</p> : null}
        </li>
      ))}
    </ol>
  );
}
