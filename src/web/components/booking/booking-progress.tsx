/**
 * "The customer sees it happen" (issue #4): where the job stands, from the booking's dispatch
 * fields — "Technician assigned: NAME", the expected arrival, "On the way, ETA 2:45 PM" (Tampa
 * time), "In progress" ("Job done, final amount under review" while a final amount waits for our
 * approval), "Completed" with what was charged. Shown in My Bookings and on the
 * booking's confirmation, which keep the booking fresh with live updates; the region is polite
 * live, so a screen reader hears each change. Nothing shows while the booking waits for dispatch
 * or after it ended without the job (cancelled, missed). Words: `liveStatus.*` (live-status.json).
 */
import CircleCheck from 'lucide-react/icons/circle-check';
import Truck from 'lucide-react/icons/truck';
import UserCheck from 'lucide-react/icons/user-check';
import Wrench from 'lucide-react/icons/wrench';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPrice, formatTampaTime } from '@/domain/format';
import type { TrackedBooking } from '@/web/lib/tracked-booking';

export interface BookingProgressProps {
  booking: TrackedBooking;
  /** Also say what a completed job was charged (where no receipt is shown beside it). */
  showCharged?: boolean;
}

export function BookingProgress({ booking, showCharged = false }: BookingProgressProps) {
  const { t, i18n } = useTranslation();
  const time = (iso: string) => formatTampaTime(iso, i18n.language);
  const { status, worker, etaAt } = booking;
  const lines: { icon: ReactNode; text: string; strong?: boolean }[] = [];
  const active = status === 'confirmed' || status === 'en_route' || status === 'in_progress';

  if (active && worker) {
    // The technician's rating over their visible reviews (issue #14), when they have any.
    const rating = worker.rating?.average != null ? ` · ${t('liveStatus.rating', { average: formatNumber(worker.rating.average, i18n.language, 1), count: worker.rating.count })}` : '';
    lines.push({ icon: <UserCheck aria-hidden="true" className="h-5 w-5" />, text: t('liveStatus.assigned', { name: worker.name }) + rating, strong: status === 'confirmed' });
  }
  if (status === 'confirmed' && etaAt) lines.push({ icon: <Truck aria-hidden="true" className="h-5 w-5" />, text: t('liveStatus.expected', { time: time(etaAt) }) });
  if (status === 'en_route') {
    lines.push({ icon: <Truck aria-hidden="true" className="h-5 w-5" />, text: etaAt ? t('liveStatus.onTheWay', { time: time(etaAt) }) : t('liveStatus.onTheWayNoEta'), strong: true });
  }
  if (status === 'in_progress') {
    const inReview = booking.finalApproval?.status === 'pending';
    lines.push({ icon: <Wrench aria-hidden="true" className="h-5 w-5" />, text: inReview ? t('liveStatus.finalReview') : t('liveStatus.inProgress'), strong: true });
  }
  if (status === 'completed') {
    lines.push({ icon: <CircleCheck aria-hidden="true" className="h-5 w-5" />, text: t('liveStatus.completed'), strong: true });
    const charged = booking.money.capturedCents + booking.money.extraChargedCents || booking.final?.totalCents || 0;
    if (showCharged && charged > 0) lines.push({ icon: null, text: t('liveStatus.charged', { amount: formatPrice(charged, i18n.language) }) });
  }

  return (
    <div role="status" aria-live="polite">
      {lines.length > 0 ? (
        <ul className="space-y-1.5 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm text-slate-900">
          {lines.map((line) => (
            <li key={line.text} className="flex items-start gap-2">
              <span className="mt-px shrink-0 text-brand-700">{line.icon}</span>
              <span className={line.strong ? 'font-semibold' : undefined}>{line.text}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
