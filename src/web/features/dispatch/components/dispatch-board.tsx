/**
 * The live dispatch board (issue #4): the bookings of one view (today, upcoming, unassigned, in
 * progress, completed, cancelled — kept in the URL as `?view=`), a search by customer name,
 * email, phone or booking reference (`?q=`, sent a moment after typing stops), and one row per
 * booking. New bookings appear without reloading (lib/live-updates.ts), announced by a toast and
 * a short chime (which the sound switch turns off; browsers play it only after a first click); so
 * does a job a technician declined (it is back in Unassigned).
 */
import Search from 'lucide-react/icons/search';
import Volume2 from 'lucide-react/icons/volume-2';
import VolumeX from 'lucide-react/icons/volume-x';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DISPATCH_VIEWS, isDispatchView, type DispatchView } from '@/domain/dispatch-contract';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { ScrollRow } from '@/web/components/ui/scroll-row';
import { cn } from '@/web/lib/cn';
import { isNewBooking, useLiveUpdates } from '@/web/lib/live-updates';
import { playChime, unlockChime } from '@/web/lib/new-booking-chime';
import { toast } from '@/web/lib/toast';
import { useDispatchBookings } from '../api/get-dispatch-bookings';
import { BookingRow } from './booking-row';
import { LiveConnectionBanner } from './live-connection-banner';
import { useContactPromise } from '@/web/lib/public-settings';

const SEARCH_DELAY_MS = 300;
const SOUND_STORAGE_KEY = 'dispatch_sound';

export function DispatchBoard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: DispatchView = isDispatchView(params.get('view')) ? (params.get('view') as DispatchView) : 'today';
  const q = params.get('q')?.trim() ?? '';
  const bookings = useDispatchBookings(view, q);
  const [soundOn, setSoundOn] = useSoundSetting();
  const contactPromise = useContactPromise();

  useLiveUpdates({
    onBookingChange: (change) => {
      if (change.type === 'worker_declined') {
        // A technician gave a job back (issue #14): it needs a new worker.
        if (soundOn) playChime();
        toast.info(t('dispatch.board.workerDeclined'), {
          action: { label: t('dispatch.board.openNew'), onClick: () => void navigate(`/admin/bookings/${encodeURIComponent(change.bookingId)}`) },
        });
        return;
      }
      if (!isNewBooking(change)) return;
      if (soundOn) playChime();
      toast.info(t('dispatch.board.newBooking', contactPromise), {
        action: { label: t('dispatch.board.openNew'), onClick: () => void navigate(`/admin/bookings/${encodeURIComponent(change.bookingId)}`) },
      });
    },
  });

  const showView = (next: DispatchView) => {
    const nextParams = new URLSearchParams(params);
    nextParams.set('view', next);
    return `?${nextParams}`;
  };

  const list = bookings.data ?? [];
  let content;
  if (bookings.isPending) content = <LoadingScreen />;
  else if (bookings.isError && !bookings.data) content = <QueryErrorNotice error={bookings.error} onRetry={() => void bookings.refetch()} retrying={bookings.isFetching} title={t('dispatch.board.loadFailed')} />;
  else if (list.length === 0) content = <Card className="p-6 text-slate-700">{q ? t('dispatch.board.noMatches', { q }) : t(`dispatch.board.empty.${view}`)}</Card>;
  else
    content = (
      <ul className="flex flex-col gap-3" aria-busy={bookings.isPlaceholderData || undefined}>
        {list.map((booking) => (
          <li key={booking.id}>
            <BookingRow booking={booking} fetchedAt={bookings.dataUpdatedAt} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="flex flex-col gap-4">
      <LiveConnectionBanner />
      <div className="flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <SearchBox
          initial={q}
          onSearch={(text) => {
            const nextParams = new URLSearchParams(params);
            if (text) nextParams.set('q', text);
            else nextParams.delete('q');
            setParams(nextParams, { replace: true });
          }}
        />
        <Button
          variant="outline"
          aria-pressed={soundOn}
          onClick={() => {
            unlockChime();
            setSoundOn(!soundOn);
          }}
          className="self-start md:self-auto"
        >
          {soundOn ? <Volume2 aria-hidden="true" className="h-4 w-4" /> : <VolumeX aria-hidden="true" className="h-4 w-4" />}
          {t('dispatch.board.sound')}
        </Button>
      </div>

      <nav aria-label={t('dispatch.board.views')}>
        <ScrollRow className="-mx-1 px-1 pb-1" fadeFrom="from-slate-50">
          <ul className="flex gap-2">
            {DISPATCH_VIEWS.map((name) => (
              <li key={name}>
                <Link
                  to={showView(name)}
                  aria-current={name === view ? 'page' : undefined}
                  className={cn(
                    'inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                    name === view ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
                  )}
                >
                  {t(`dispatch.views.${name}`)}
                </Link>
              </li>
            ))}
          </ul>
        </ScrollRow>
      </nav>

      <h2 className="sr-only">{t(`dispatch.views.${view}`)}</h2>
      {content}
    </div>
  );
}

/** The search field; tells the board a moment after typing stops. */
function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(initial);
  const latestOnSearch = useRef(onSearch);
  useEffect(() => {
    latestOnSearch.current = onSearch;
  });

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === initial) return;
    const timer = setTimeout(() => latestOnSearch.current(trimmed), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, initial]);

  return (
    <div className="w-full space-y-1 md:max-w-md">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {t('dispatch.board.search')}
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500" />
        <Input id={id} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder={t('dispatch.board.searchPlaceholder')} className="pl-9" />
      </div>
    </div>
  );
}

/** The sound switch, remembered in this browser (on by default). */
function useSoundSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(() => {
    try {
      return localStorage.getItem(SOUND_STORAGE_KEY) !== 'off';
    } catch {
      return true;
    }
  });
  // Browsers keep audio muted until a gesture: the first click anywhere on the page unlocks it.
  useEffect(() => {
    const unlock = () => unlockChime();
    document.addEventListener('pointerdown', unlock, { once: true });
    return () => document.removeEventListener('pointerdown', unlock);
  }, []);
  return [
    on,
    (next: boolean) => {
      setOn(next);
      try {
        localStorage.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
      } catch {
        // the switch still applies to this visit
      }
    },
  ];
}
