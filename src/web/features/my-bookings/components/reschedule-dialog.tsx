/**
 * Moving a booking from My Bookings. With enough notice (the server's `canReschedule`) the
 * customer picks another offered start for a job of the same length (dates as chips, times in
 * Tampa time) and "Move booking" posts it; a time taken meanwhile shows the server's message and
 * fresh slots. Inside the notice window the dialog explains the policy instead and offers the two
 * ways left: cancelling under the cancellation policy, or calling or writing to support.
 */
import { useQueryClient } from '@tanstack/react-query';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTampaDateTime } from '@/domain/format';
import type { BookingView } from '@/domain/booking-request';
import { SlotPicker, type SlotPickerHandle } from '@/web/components/slot-picker/slot-picker';
import { useSlotChoice } from '@/web/components/slot-picker/use-slot-choice';
import { Button, buttonVariants } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { ApiError } from '@/web/lib/api-client';
import { useCancellationPolicy } from '@/web/lib/cancellation-policy';
import { cn } from '@/web/lib/cn';
import { formatPhoneForDisplay, telHref, useSupportContacts } from '@/web/lib/public-settings';
import { slotsKey } from '@/web/lib/slots';
import { toast } from '@/web/lib/toast';
import { useRescheduleBooking } from '../api/reschedule-booking';

export interface RescheduleDialogProps {
  booking: BookingView;
  onClose: () => void;
  /** Closes this dialog and opens the cancel dialog (offered when rescheduling is closed). */
  onRequestCancel: () => void;
}

export function RescheduleDialog({ booking, onClose, onRequestCancel }: RescheduleDialogProps) {
  const { t, i18n } = useTranslation();
  // The policy the booking was made under (issue #12); the current one only if an older answer lacks it.
  const currentPolicy = useCancellationPolicy();
  const policy = booking.cancellationPolicy ?? currentPolicy;
  const reschedule = useRescheduleBooking();
  const current = formatTampaDateTime(booking.scheduledStart, i18n.language);

  if (!booking.canReschedule) {
    return (
      <Dialog
        title={t('myBookings.reschedule.closedTitle')}
        description={t('myBookings.reschedule.current', { when: current })}
        onClose={onClose}
      >
        <RescheduleClosed booking={booking} hours={policy.rescheduleNoticeHours} onRequestCancel={onRequestCancel} onClose={onClose} />
      </Dialog>
    );
  }
  return (
    <Dialog
      title={t('myBookings.reschedule.title')}
      description={t('myBookings.reschedule.current', { when: current })}
      onClose={onClose}
      dismissible={!reschedule.isPending}
      className="sm:max-w-2xl"
    >
      <RescheduleForm booking={booking} reschedule={reschedule} onClose={onClose} />
    </Dialog>
  );
}

/** The job's length in minutes, so the offered starts leave room for all of it. */
function durationMinutesOf(booking: BookingView): number {
  return Math.max(30, Math.round((Date.parse(booking.scheduledEnd) - Date.parse(booking.scheduledStart)) / 60_000));
}

function RescheduleForm({ booking, reschedule, onClose }: { booking: BookingView; reschedule: ReturnType<typeof useRescheduleBooking>; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [picked, setPicked] = useState<{ date: string | null; startAt: string | null }>({ date: null, startAt: null });
  const [showRequired, setShowRequired] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const pickerRef = useRef<SlotPickerHandle>(null);
  const choice = useSlotChoice({ slug: booking.service, durationMinutes: durationMinutesOf(booking), ...picked });
  const sameTime = choice.chosen === booking.scheduledStart;

  const submit = () => {
    if (!choice.chosen || sameTime) {
      setShowRequired(true);
      pickerRef.current?.focus();
      return;
    }
    setMessage(null);
    reschedule.mutate(
      { bookingId: booking.id, startAt: choice.chosen },
      {
        onSuccess: (updated) => {
          toast.success(t('myBookings.reschedule.done', { reference: booking.reference, when: formatTampaDateTime(updated.scheduledStart, i18n.language) }));
          onClose();
        },
        onError: (error) => {
          setMessage(error instanceof ApiError ? error.message : t('errors.generic'));
          if (error instanceof ApiError && error.code === 'slot_unavailable') {
            setPicked((now) => ({ ...now, startAt: null }));
            void queryClient.invalidateQueries({ queryKey: slotsKey(booking.service) });
          }
        },
      },
    );
  };

  const requiredMessage = showRequired && (!choice.chosen || sameTime) ? (sameTime ? t('myBookings.reschedule.sameTime') : t('validation.startInvalid')) : null;

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">{t('myBookings.reschedule.free')}</p>
      <div aria-live="assertive">
        {message ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {message}
          </p>
        ) : null}
      </div>
      <SlotPicker
        ref={pickerRef}
        choice={choice}
        onChange={(next) => {
          if (next.startAt) setShowRequired(false);
          setPicked(next);
        }}
        error={requiredMessage}
      />
      {/* Kept in view at the bottom of the dialog: a day's times can be longer than a phone screen. */}
      <div className="sticky bottom-0 -mx-5 -mb-5 flex flex-col-reverse gap-3 border-t border-slate-200 bg-white px-5 pt-4 pb-5 sm:-mx-6 sm:-mb-6 sm:flex-row sm:justify-end sm:px-6 sm:pb-6">
        <Button variant="outline" size="lg" onClick={onClose} disabled={reschedule.isPending}>
          {t('myBookings.reschedule.keep')}
        </Button>
        <Button size="lg" onClick={submit} disabled={reschedule.isPending} aria-busy={reschedule.isPending || undefined}>
          {reschedule.isPending ? t('myBookings.reschedule.saving') : t('myBookings.reschedule.confirm')}
        </Button>
      </div>
    </div>
  );
}

function RescheduleClosed({ booking, hours, onRequestCancel, onClose }: { booking: BookingView; hours: number; onRequestCancel: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  const { phone, email } = useSupportContacts();
  const linkClass = cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'h-auto min-h-12 w-full justify-start py-2 text-left whitespace-normal');

  return (
    <div className="space-y-4">
      <p className="text-slate-800">{t('myBookings.reschedule.closedBody', { hours })}</p>
      <p className="font-medium text-slate-900">{t('myBookings.reschedule.closedOptions')}</p>
      <ul className="space-y-3">
        {booking.canCancel ? (
          <li className="space-y-1">
            <Button variant="outline" size="lg" className="w-full justify-start" onClick={onRequestCancel}>
              {t('myBookings.actions.cancel')}
            </Button>
            <p className="text-sm text-slate-600">{t('myBookings.reschedule.cancelHint')}</p>
          </li>
        ) : null}
        <li>
          <a href={telHref(phone)} className={linkClass}>
            <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span>{t('myBookings.reschedule.call', { phone: formatPhoneForDisplay(phone) })}</span>
          </a>
        </li>
        <li>
          <a href={`mailto:${email}?subject=${encodeURIComponent(t('myBookings.reschedule.emailSubject', { reference: booking.reference }))}`} className={linkClass}>
            <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="min-w-0 break-words">{t('myBookings.reschedule.email', { email })}</span>
          </a>
        </li>
      </ul>
      <div className="flex justify-end border-t border-slate-200 pt-4">
        <Button variant="ghost" size="lg" onClick={onClose}>
          {t('myBookings.reschedule.close')}
        </Button>
      </div>
    </div>
  );
}
