/**
 * How long a conversation's customer has waited for the team's answer (`waitingMinutes`, from
 * their first unanswered message), against the saved contact promise (5-10 minutes unless
 * changed on /admin/settings): neutral under its first number, amber from it, red from its last
 * (colour, icon and words, so it reads without colour too). It counts on from the server's
 * minutes, one more each whole minute after the answer came, so it turns amber or red on time
 * between refetches.
 */
import CircleAlert from 'lucide-react/icons/circle-alert';
import Timer from 'lucide-react/icons/timer';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { contactUrgency, type ContactUrgency } from '@/domain/contact-promise';
import { cn } from '@/web/lib/cn';
import { useContactPromise } from '@/web/lib/public-settings';

const URGENCY_STYLES: Record<ContactUrgency, string> = {
  ok: 'border-slate-200 bg-slate-50 text-slate-800',
  soon: 'border-amber-300 bg-amber-50 text-amber-900',
  late: 'border-red-300 bg-red-50 text-red-800',
};

/**
 * Minutes waited now: the server's count when it answered plus the whole minutes since (read from
 * the answer's time rather than the message's, so a skewed browser clock does not matter).
 * @param minutesAtFetch `waitingMinutes` from the API
 * @param fetchedAt when that answer arrived (ms since epoch)
 * @param now the current time (ms since epoch)
 */
export function minutesWaitingNow(minutesAtFetch: number, fetchedAt: number, now: number): number {
  return Math.max(0, minutesAtFetch + Math.floor(Math.max(0, now - fetchedAt) / 60_000));
}

/** Re-renders on each whole minute after `since` (ms since epoch), and answers the time now. */
function useMinuteTicks(since: number): number {
  const [, tick] = useReducer((count: number) => count + 1, 0);
  const now = Date.now();
  useEffect(() => {
    const timer = setTimeout(tick, 60_000 - (Math.max(0, Date.now() - since) % 60_000));
    return () => clearTimeout(timer);
  });
  return now;
}

export function WaitingTime({ minutesAtFetch, fetchedAt, className }: { minutesAtFetch: number; fetchedAt: number; className?: string }) {
  const { t } = useTranslation();
  const now = useMinuteTicks(fetchedAt);
  const promise = useContactPromise();
  const minutes = minutesWaitingNow(minutesAtFetch, fetchedAt, now);
  const urgency = contactUrgency(minutes, promise);
  const Icon = urgency === 'ok' ? Timer : CircleAlert;
  return (
    <span
      data-urgency={urgency}
      className={cn('inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap', URGENCY_STYLES[urgency], className)}
    >
      <Icon aria-hidden="true" className="h-3.5 w-3.5" />
      {t(`chats.inbox.waiting.${urgency}`, { minutes, max: promise.max })}
    </span>
  );
}
