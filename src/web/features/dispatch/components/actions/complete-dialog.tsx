/**
 * Completing on the worker's behalf: the actual hours (furniture) or the paint receipt (painting
 * with paint we bought), then the final amount is captured.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actualsKind, initialActuals, JobActualsFields, readActuals } from '@/web/components/staff/job-actuals-fields';
import { formatPrice } from '@/web/lib/format';
import { newIdempotencyKey } from '@/web/lib/idempotency-key';
import { toast } from '@/web/lib/toast';
import { useCompleteAsAdmin } from '../../api/complete-booking';
import type { DispatchBooking } from '../../types';
import { ActionDialog } from '../action-dialog';

export function CompleteDialog({ booking, onClose }: { booking: DispatchBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const complete = useCompleteAsAdmin();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [input, setInput] = useState(() => initialActuals(booking.options));
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    const read = readActuals(actualsKind(booking.options), input);
    if ('error' in read) return setError(t(read.error));
    setError(null);
    complete.mutate(
      { bookingId: booking.id, actuals: read.actuals, idempotencyKey },
      {
        onSuccess: (updated) => {
          const total = updated.final?.totalCents ?? updated.totalCents;
          toast.success(t('dispatch.complete.done', { reference: booking.reference, amount: formatPrice(total, i18n.language) }));
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      title={t('dispatch.complete.title')}
      description={t('dispatch.complete.description')}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={t('dispatch.complete.confirm')}
      busyLabel={t('dispatch.complete.busy')}
      busy={complete.isPending}
      error={complete.error}
    >
      <JobActualsFields options={booking.options} bookedTotalCents={booking.totalCents} value={input} onChange={setInput} error={error} />
    </ActionDialog>
  );
}
