/**
 * /my-bookings: the signed-in customer's bookings, under Upcoming (soonest first) and Past (most
 * recent first; utils/booking-sections.ts), with their status and card
 * hold, updated live (technician assigned, on the way with the ETA, in progress, completed; see
 * lib/live-updates.ts). Signed out: a message and a Sign In link that brings the user back here.
 * A link from a reminder or notice mail, `/my-bookings?booking=ID&action=reschedule|cancel`
 * (issue #14), opens that booking's reschedule or cancel dialog, which applies the policy.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api-client';
import { useMe } from '@/web/lib/auth';
import { cn } from '@/web/lib/cn';
import { useLiveUpdates } from '@/web/lib/live-updates';
import { BookingCard } from '../components/booking-card';
import { useMyBookings } from '../api/get-my-bookings';
import { upcomingAndPast } from '../utils/booking-sections';

const signInHref = (search: string) => `/auth?redirect=${encodeURIComponent(`/my-bookings${search}`)}`;

/** The dialog a mail's link asks for (`?booking=ID&action=...`), or null. */
function requestedDialog(params: URLSearchParams): { bookingId: string; action: 'reschedule' | 'cancel' } | null {
  const bookingId = params.get('booking');
  const action = params.get('action');
  return bookingId && (action === 'reschedule' || action === 'cancel') ? { bookingId, action } : null;
}

export function Component() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const requested = requestedDialog(searchParams);
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const bookings = useMyBookings({ enabled: signedIn });
  useLiveUpdates({ enabled: signedIn });

  const list = bookings.data ?? [];
  const sessionExpired = bookings.error instanceof ApiError && bookings.error.status === 401;

  let content;
  if (me.isPending || (signedIn && bookings.isPending)) {
    content = <LoadingScreen />;
  } else if (!signedIn || sessionExpired) {
    content = (
      <Card className="flex flex-col items-start gap-4 p-6">
        <p className="text-slate-700">{t('myBookings.signedOut')}</p>
        <Link to={signInHref(searchParams.size > 0 ? `?${searchParams.toString()}` : '')} className={buttonVariants({ size: 'lg' })}>
          {t('myBookings.signIn')}
        </Link>
      </Card>
    );
  } else if (bookings.isError) {
    content = (
      <Card role="alert" className="flex flex-col items-start gap-3 border-red-200 p-6">
        <p className="font-semibold text-slate-900">{t('myBookings.loadFailed')}</p>
        <p className="text-sm text-slate-700">{bookings.error instanceof ApiError ? bookings.error.message : t('errors.generic')}</p>
        <Button onClick={() => void bookings.refetch()} disabled={bookings.isFetching}>
          {bookings.isFetching ? t('common.loading') : t('common.retry')}
        </Button>
      </Card>
    );
  } else if (list.length === 0) {
    content = (
      <Card className="flex flex-col items-start gap-4 p-6">
        <p className="text-slate-700">{t('myBookings.empty')}</p>
        <Link to="/" className={buttonVariants({ size: 'lg' })}>
          {t('common.bookService')}
        </Link>
      </Card>
    );
  } else {
    content = (
      <>
        <BookingSections bookings={list} requested={requested} />
        <Link to="/" className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'self-start')}>
          {t('common.bookService')}
        </Link>
      </>
    );
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('myBookings.title')}</h1>
      {content}
    </div>
  );
}

/** Upcoming (always, saying so when nothing is) and Past (when there is any). */
function BookingSections({ bookings, requested }: { bookings: TrackedBookings; requested: ReturnType<typeof requestedDialog> }) {
  const { t } = useTranslation();
  const { upcoming, past } = upcomingAndPast(bookings);
  const sections = [
    { id: 'upcoming', title: t('myBookings.sections.upcoming'), list: upcoming },
    ...(past.length > 0 ? [{ id: 'past', title: t('myBookings.sections.past'), list: past }] : []),
  ];
  return sections.map((section) => (
    <section key={section.id} aria-labelledby={`bookings-${section.id}`} className="flex flex-col gap-4">
      <h2 id={`bookings-${section.id}`} className="text-xl font-semibold text-slate-900">
        {section.title}
      </h2>
      {section.list.length === 0 ? (
        <p className="text-slate-700">{t('myBookings.sections.noUpcoming')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {section.list.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} openDialog={requested?.bookingId === booking.id ? requested.action : undefined} />
            </li>
          ))}
        </ul>
      )}
    </section>
  ));
}

type TrackedBookings = NonNullable<ReturnType<typeof useMyBookings>['data']>;
