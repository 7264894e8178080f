/** Marking a no-show: the customer missed the appointment, and the full total is charged (said before confirming). */
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/domain/format';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { toast } from '@/web/lib/toast';
import { useMarkNoShow } from '../../api/mark-no-show';
import { ActionDialog } from '../action-dialog';

export function NoShowDialog({ booking, onClose }: { booking: DispatchBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const noShow = useMarkNoShow();

  return (
    <ActionDialog
      title={t('dispatch.noShow.title')}
      onClose={onClose}
      onConfirm={() =>
        noShow.mutate(
          { bookingId: booking.id },
          {
            onSuccess: () => {
              toast.success(t('dispatch.noShow.done', { reference: booking.reference }));
              onClose();
            },
          },
        )
      }
      confirmLabel={t('dispatch.noShow.confirm')}
      busyLabel={t('dispatch.actions.saving')}
      busy={noShow.isPending}
      error={noShow.error}
      destructive
    >
      <p className="text-sm text-slate-800">{t('dispatch.noShow.body', { amount: formatPrice(booking.totalCents, i18n.language) })}</p>
    </ActionDialog>
  );
}
