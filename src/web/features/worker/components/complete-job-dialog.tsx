/**
 * Completing a job: furniture asks the hours worked (half hours, at least 1), painting with paint
 * we bought asks the receipt total in dollars (sent in cents), anything else is a confirmation.
 * The final amount is then captured from the customer's card.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { actualsKind, initialActuals, JobActualsFields, readActuals, type JobActuals } from '@/web/components/staff/job-actuals-fields';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import type { WorkerJob } from '../types';

export interface CompleteJobDialogProps {
  job: WorkerJob;
  busy: boolean;
  error: unknown;
  onConfirm: (actuals: JobActuals) => void;
  onClose: () => void;
}

export function CompleteJobDialog({ job, busy, error, onConfirm, onClose }: CompleteJobDialogProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState(() => initialActuals(job.options));
  const [invalid, setInvalid] = useState<string | null>(null);

  const submit = () => {
    const read = readActuals(actualsKind(job.options), input);
    if ('error' in read) return setInvalid(t(read.error));
    setInvalid(null);
    onConfirm(read.actuals);
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
        <JobActualsFields options={job.options} bookedTotalCents={job.totalCents} value={input} onChange={setInput} error={invalid} />
        <div aria-live="assertive">{error ? <ApiErrorAlert error={error} /> : null}</div>
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
