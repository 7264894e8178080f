/** Setting or changing the expected arrival: a Tampa time on the job's day (the current ETA, or the start, preselected). */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTampaTime } from '@/domain/format';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/lib/toast';
import { tampaInstantOnDayOf, tampaTimeInput } from '@/web/lib/time-of-day';
import { useSetEta } from '../../api/set-eta';
import { ActionDialog } from '../action-dialog';

export function EtaDialog({ booking, onClose }: { booking: DispatchBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const setEta = useSetEta();
  const [time, setTime] = useState(() => tampaTimeInput(booking.etaAt ?? booking.scheduledStart));
  const [error, setError] = useState<string | null>(null);

  const confirm = () => {
    const etaAt = tampaInstantOnDayOf(booking.scheduledStart, time);
    if (!etaAt) return setError(t('dispatch.eta.invalid'));
    setError(null);
    setEta.mutate(
      { bookingId: booking.id, etaAt },
      {
        onSuccess: () => {
          toast.success(t('dispatch.eta.done', { time: formatTampaTime(etaAt, i18n.language), reference: booking.reference }));
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      title={booking.etaAt ? t('dispatch.eta.titleChange') : t('dispatch.eta.title')}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={t('dispatch.eta.confirm')}
      busyLabel={t('dispatch.actions.saving')}
      busy={setEta.isPending}
      error={setEta.error}
    >
      <div className="space-y-2">
        <Label htmlFor={id}>{t('dispatch.eta.label')}</Label>
        <Input
          id={id}
          type="time"
          step={300}
          required
          value={time}
          onChange={(event) => setTime(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-12"
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </ActionDialog>
  );
}
