/**
 * A pending booking against the contact promise (5-10 minutes unless changed on /admin/settings):
 * the minutes since it was placed, ticking every 30 seconds — neutral under the promise's first
 * number, amber from it, red from the last (colour, icon and words,
 * so it reads without colour too) — and "Mark contacted", which records the first call. Once
 * contacted, it says how long the first call took.
 */
import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import Timer from 'lucide-react/icons/timer';
import { useTranslation } from 'react-i18next';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { toast } from '@/web/lib/toast';
import { useNow } from '@/web/lib/use-now';
import { useMarkContacted } from '../api/mark-contacted';
import { contactUrgency, type ContactUrgency } from '@/domain/contact-promise';
import { useContactPromise } from '@/web/lib/public-settings';
import { minutesToContact, minutesWaiting } from '../utils/contact-promise';

const TICK_MS = 30_000;

const URGENCY_STYLES: Record<ContactUrgency, string> = {
  ok: 'border-slate-200 bg-slate-50 text-slate-800',
  soon: 'border-amber-300 bg-amber-50 text-amber-900',
  late: 'border-red-300 bg-red-50 text-red-800',
};

export interface ContactPromiseProps {
  booking: DispatchBooking;
  /** When the booking's data arrived (the query's dataUpdatedAt), to count on from the server's minutes. */
  fetchedAt: number;
}

export function ContactPromise({ booking, fetchedAt }: ContactPromiseProps) {
  const { t } = useTranslation();
  const markContacted = useMarkContacted();

  if (booking.contactedAt) {
    return (
      <p className="inline-flex items-center gap-1.5 text-sm font-medium text-green-800">
        <CircleCheck aria-hidden="true" className="h-4 w-4" />
        {t('dispatch.contact.done', { minutes: minutesToContact(booking.createdAt, booking.contactedAt) })}
      </p>
    );
  }

  const mark = () =>
    markContacted.mutate(booking.id, {
      onSuccess: () => toast.success(t('dispatch.contact.recorded', { reference: booking.reference })),
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      <WaitingTime minutesAtFetch={booking.minutesSincePlaced} fetchedAt={fetchedAt} />
      <Button size="sm" variant="outline" onClick={mark} disabled={markContacted.isPending} aria-busy={markContacted.isPending || undefined}>
        {markContacted.isPending ? t('dispatch.contact.marking') : t('dispatch.contact.mark')}
        <span className="sr-only"> {booking.reference}</span>
      </Button>
      {markContacted.error ? (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {markContacted.error instanceof ApiError ? markContacted.error.message : t('errors.generic')}
        </p>
      ) : null}
    </div>
  );
}

function WaitingTime({ minutesAtFetch, fetchedAt }: { minutesAtFetch: number; fetchedAt: number }) {
  const { t } = useTranslation();
  const now = useNow(TICK_MS);
  const promise = useContactPromise();
  const minutes = minutesWaiting(minutesAtFetch, fetchedAt, Math.max(now, fetchedAt));
  const urgency = contactUrgency(minutes, promise);
  const Icon = urgency === 'ok' ? Timer : CircleAlert;
  return (
    <p data-urgency={urgency} className={cn('inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold', URGENCY_STYLES[urgency])}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {t(`dispatch.contact.${urgency}`, { minutes })}
    </p>
  );
}
