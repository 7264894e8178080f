/**
 * Moving a booking as an admin: the offered starts for a job of the same length (staff are not
 * bound by the customer's 24 hour notice). A time taken meanwhile shows the server's message and
 * fresh times.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTampaDateTime } from '@/domain/format';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { SlotPicker, type SlotPickerHandle } from '@/web/components/slot-picker/slot-picker';
import { useSlotChoice } from '@/web/components/slot-picker/use-slot-choice';
import { ApiError } from '@/web/lib/api-client';
import { slotsKey } from '@/web/lib/slots';
import { toast } from '@/web/lib/toast';
import { useRescheduleAsAdmin } from '../../api/reschedule-booking';
import { ActionDialog } from '../action-dialog';

export function RescheduleDialog({ booking, onClose }: { booking: DispatchBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const reschedule = useRescheduleAsAdmin();
  const pickerRef = useRef<SlotPickerHandle>(null);
  const [picked, setPicked] = useState<{ date: string | null; startAt: string | null }>({ date: null, startAt: null });
  const [required, setRequired] = useState(false);
  const durationMinutes = Math.max(30, Math.round((Date.parse(booking.scheduledEnd) - Date.parse(booking.scheduledStart)) / 60_000));
  const choice = useSlotChoice({ slug: booking.service, durationMinutes, ...picked });
  const sameTime = choice.chosen === booking.scheduledStart;

  const confirm = () => {
    if (!choice.chosen || sameTime) {
      setRequired(true);
      pickerRef.current?.focus();
      return;
    }
    reschedule.mutate(
      { bookingId: booking.id, startAt: choice.chosen },
      {
        onSuccess: (updated) => {
          toast.success(t('dispatch.reschedule.done', { reference: booking.reference, when: formatTampaDateTime(updated.scheduledStart, i18n.language) }));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'slot_unavailable') {
            setPicked((now) => ({ ...now, startAt: null }));
            void queryClient.invalidateQueries({ queryKey: slotsKey(booking.service) });
          }
        },
      },
    );
  };

  return (
    <ActionDialog
      title={t('dispatch.reschedule.title')}
      description={t('dispatch.reschedule.current', { when: formatTampaDateTime(booking.scheduledStart, i18n.language) })}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={t('dispatch.reschedule.confirm')}
      busyLabel={t('dispatch.actions.saving')}
      busy={reschedule.isPending}
      error={reschedule.error}
      className="sm:max-w-2xl"
    >
      <SlotPicker
        ref={pickerRef}
        choice={choice}
        onChange={(next) => {
          if (next.startAt) setRequired(false);
          setPicked(next);
        }}
        error={required && (!choice.chosen || sameTime) ? (sameTime ? t('dispatch.reschedule.sameTime') : t('validation.startInvalid')) : null}
      />
    </ActionDialog>
  );
}
