/**
 * Declining an assigned job (issue #14): the worker chooses a reason (WORKER_DECLINE_REASONS) and
 * may add a few words (required for "Other", up to 300 characters); the job goes back to the
 * office, which is alerted on the dispatch board. Checked with the API's rule first
 * (declineJobRequestSchema); the server's refusal shows in the dialog.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WORKER_DECLINE_REASONS, type WorkerDeclineReason } from '@/domain/booking-events';
import { declineJobRequestSchema } from '@/domain/worker-contract';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { FieldError } from '@/web/components/ui/field-error';
import { Label } from '@/web/components/ui/label';

const textareaClass =
  'min-h-24 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-red-600';

export interface DeclineJobDialogProps {
  customerName: string;
  busy: boolean;
  error: unknown;
  onConfirm: (body: { reason: WorkerDeclineReason; note?: string }) => void;
  onClose: () => void;
}

export function DeclineJobDialog({ customerName, busy, error, onConfirm, onClose }: DeclineJobDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState<WorkerDeclineReason | null>(null);
  const [note, setNote] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = () => {
    const parsed = declineJobRequestSchema.safeParse({ reason: reason ?? undefined, note: note.trim() || undefined });
    if (!parsed.success) return setInvalid(true);
    setInvalid(false);
    onConfirm(parsed.data);
  };

  return (
    <Dialog title={t('worker.decline.title')} description={t('worker.decline.description', { name: customerName })} onClose={onClose} dismissible={!busy}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) submit();
        }}
      >
        <fieldset className="space-y-2" aria-describedby={invalid ? `${id}-error` : undefined}>
          <legend className="text-sm font-medium text-slate-900">{t('worker.decline.reason')}</legend>
          {WORKER_DECLINE_REASONS.map((value) => (
            <label key={value} className="flex min-h-11 items-center gap-3 rounded-md border border-slate-300 px-3 text-base text-slate-900 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="radio" name={`${id}-reason`} value={value} checked={reason === value} onChange={() => setReason(value)} className="h-5 w-5 accent-brand-600" />
              {t(`worker.decline.reasons.${value}`)}
            </label>
          ))}
        </fieldset>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-note`}>{t('worker.decline.note')}</Label>
          <textarea
            id={`${id}-note`}
            rows={3}
            maxLength={300}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            className={textareaClass}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-hint${invalid ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {t('worker.decline.noteHint')}
          </p>
          <FieldError id={`${id}-error`} message={invalid ? t('worker.decline.invalid') : null} />
        </div>
        <div aria-live="assertive">{error ? <ApiErrorAlert error={error} /> : null}</div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" size="lg" onClick={onClose} disabled={busy}>
            {t('worker.actions.back')}
          </Button>
          <Button type="submit" variant="destructive" size="lg" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('worker.actions.saving') : t('worker.decline.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
