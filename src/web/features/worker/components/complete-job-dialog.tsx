/**
 * Completing a job: furniture asks the hours worked (half hours, at least 1, at most the job's
 * ceiling), painting with paint we bought asks the receipt total in dollars (sent in cents, at
 * most the job's ceiling), anything else is a confirmation. The final amount is then captured
 * from the customer's card, or, when it is far above the booking, waits for the office's approval.
 * A refusal of the hours or the receipt shows the server's message under the field.
 */
import { useTranslation } from 'react-i18next';
import type { WorkerJob } from '@/domain/worker-contract';
import { JobActualsFields, useJobActuals, type JobActuals } from '@/web/components/staff/job-actuals-fields';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';

export interface CompleteJobDialogProps {
  job: WorkerJob;
  busy: boolean;
  error: unknown;
  onConfirm: (actuals: JobActuals) => void;
  onClose: () => void;
}

export function CompleteJobDialog({ job, busy, error, onConfirm, onClose }: CompleteJobDialogProps) {
  const { t } = useTranslation();
  const actuals = useJobActuals(job.options, error);

  const submit = () => {
    const body = actuals.read();
    if (body) onConfirm(body);
  };

  return (
    <Dialog title={t('worker.complete.title')} description={t('worker.complete.description')} onClose={onClose} dismissible={!busy}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) submit();
        }}
      >
        <JobActualsFields options={job.options} bookedTotalCents={job.totalCents} value={actuals.value} onChange={actuals.onChange} error={actuals.fieldError} />
        <div aria-live="assertive">{actuals.formError ? <ApiErrorAlert error={actuals.formError} /> : null}</div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" size="lg" onClick={onClose} disabled={busy}>
            {t('worker.actions.back')}
          </Button>
          <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('worker.complete.busy') : t('worker.complete.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
