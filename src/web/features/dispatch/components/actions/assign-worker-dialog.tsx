/**
 * Assigning a worker: a choice among the booking's assignable workers only (skilled and free for
 * the whole job, as the server computed), with an optional expected arrival (Tampa time, on the
 * job's day; the job's start preselected). A worker taken meanwhile answers 409 and the message
 * shows here, while the list refreshes.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DispatchBookingDetail } from '@/domain/dispatch-contract';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { toast } from '@/web/lib/toast';
import { tampaInstantOnDayOf, tampaTimeInput } from '@/web/lib/time-of-day';
import { useAssignWorker } from '../../api/assign-worker';
import { ActionDialog } from '../action-dialog';
import { selectClass } from './fields';

export function AssignWorkerDialog({ detail, onClose }: { detail: DispatchBookingDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { booking, assignableWorkers } = detail;
  const assign = useAssignWorker();
  const [workerId, setWorkerId] = useState(() => (assignableWorkers.some((w) => w.id === booking.worker?.id) ? booking.worker!.id : ''));
  const [eta, setEta] = useState(() => tampaTimeInput(booking.etaAt ?? booking.scheduledStart));
  const [errors, setErrors] = useState<{ worker?: string; eta?: string }>({});
  const noneFree = assignableWorkers.length === 0;

  const confirm = () => {
    const etaAt = eta ? tampaInstantOnDayOf(booking.scheduledStart, eta) : undefined;
    const found = { worker: workerId ? undefined : t('dispatch.assign.workerRequired'), eta: etaAt === null ? t('dispatch.eta.invalid') : undefined };
    setErrors(found);
    if (found.worker || found.eta) return;
    assign.mutate(
      { bookingId: booking.id, workerId, etaAt: etaAt ?? undefined },
      {
        onSuccess: () => {
          toast.success(t('dispatch.assign.done', { name: assignableWorkers.find((w) => w.id === workerId)?.name ?? '', reference: booking.reference }));
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      title={booking.worker ? t('dispatch.assign.titleChange') : t('dispatch.assign.title')}
      description={t('dispatch.assign.description')}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={t('dispatch.assign.confirm')}
      busyLabel={t('dispatch.assign.busy')}
      busy={assign.isPending}
      error={assign.error}
      canConfirm={!noneFree}
    >
      {noneFree ? (
        <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{t('dispatch.assign.noneFree')}</p>
      ) : (
        <div className="space-y-2">
          <Label htmlFor={`${id}-worker`}>{t('dispatch.assign.worker')}</Label>
          <select
            id={`${id}-worker`}
            value={workerId}
            onChange={(event) => setWorkerId(event.target.value)}
            aria-invalid={errors.worker ? true : undefined}
            aria-describedby={errors.worker ? `${id}-worker-error` : undefined}
            className={selectClass}
          >
            <option value="">{t('dispatch.assign.choose')}</option>
            {assignableWorkers.map((worker) => (
              <option key={worker.id} value={worker.id}>
                {worker.name}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-worker-error`} message={errors.worker} />
        </div>
      )}
      <div className="space-y-2">
        <Label htmlFor={`${id}-eta`}>{t('dispatch.assign.eta')}</Label>
        <Input
          id={`${id}-eta`}
          type="time"
          step={300}
          value={eta}
          onChange={(event) => setEta(event.target.value)}
          aria-invalid={errors.eta ? true : undefined}
          aria-describedby={`${id}-eta-hint${errors.eta ? ` ${id}-eta-error` : ''}`}
          className="h-12"
        />
        <p id={`${id}-eta-hint`} className="text-sm text-slate-600">
          {t('dispatch.assign.etaHint')}
        </p>
        <FieldError id={`${id}-eta-error`} message={errors.eta} />
      </div>
    </ActionDialog>
  );
}
