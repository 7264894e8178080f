/**
 * Completing on the worker's behalf: the actual hours (furniture) or the paint receipt (painting
 * with paint we bought), within the job's ceilings, then the final amount is captured. A final
 * amount far above the booked total is not charged yet: it waits for approval (the booking
 * detail then shows it with "Approve and charge"), and completing again with other actuals
 * replaces it.
 */
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/domain/format';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { JobActualsFields, useJobActuals } from '@/web/components/staff/job-actuals-fields';
import { toast } from '@/web/lib/toast';
import { useCompleteAsAdmin } from '../../api/complete-booking';
import { ActionDialog } from '../action-dialog';

export function CompleteDialog({ booking, onClose }: { booking: DispatchBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const complete = useCompleteAsAdmin();
  const actuals = useJobActuals(booking.options, complete.error);
  const changing = booking.finalApproval?.status === 'pending';

  const confirm = () => {
    const body = actuals.read();
    if (!body) return;
    complete.mutate(
      { bookingId: booking.id, actuals: body },
      {
        onSuccess: (updated) => {
          const total = updated.final?.totalCents ?? updated.totalCents;
          const amount = formatPrice(total, i18n.language);
          if (updated.finalApproval?.status === 'pending') toast.success(t('dispatch.complete.awaitingApproval', { reference: booking.reference, amount }));
          else toast.success(t('dispatch.complete.done', { reference: booking.reference, amount }));
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      title={changing ? t('dispatch.complete.changeTitle') : t('dispatch.complete.title')}
      description={changing ? t('dispatch.complete.changeDescription') : t('dispatch.complete.description')}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={t('dispatch.complete.confirm')}
      busyLabel={t('dispatch.complete.busy')}
      busy={complete.isPending}
      error={actuals.formError}
    >
      <JobActualsFields options={booking.options} bookedTotalCents={booking.totalCents} value={actuals.value} onChange={actuals.onChange} error={actuals.fieldError} />
    </ActionDialog>
  );
}
