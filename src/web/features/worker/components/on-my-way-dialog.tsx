/**
 * "On my way": how many minutes until arrival (quick picks for the usual ones), sent as
 * `etaMinutes` and checked with the API's rule first (5-240, src/domain/arrival.ts).
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ETA_MAX_MINUTES, ETA_MIN_MINUTES, etaMinutesSchema } from '@/domain/arrival';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

const QUICK_PICKS = [15, 30, 45, 60];

export interface OnMyWayDialogProps {
  customerName: string;
  busy: boolean;
  error: unknown;
  onConfirm: (etaMinutes: number) => void;
  onClose: () => void;
}

export function OnMyWayDialog({ customerName, busy, error, onConfirm, onClose }: OnMyWayDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  const [minutes, setMinutes] = useState('30');
  const [invalid, setInvalid] = useState(false);

  const submit = () => {
    const value = etaMinutesSchema.safeParse(Number(minutes));
    if (!value.success) return setInvalid(true);
    setInvalid(false);
    onConfirm(value.data);
  };

  return (
    <Dialog title={t('worker.onMyWay.title')} description={t('worker.onMyWay.description', { name: customerName })} onClose={onClose} dismissible={!busy}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) submit();
        }}
      >
        <div className="space-y-2">
          <Label htmlFor={id}>{t('worker.onMyWay.minutes')}</Label>
          <div className="grid grid-cols-4 gap-2" role="group" aria-label={t('worker.onMyWay.quick')}>
            {QUICK_PICKS.map((pick) => (
              <button
                key={pick}
                type="button"
                aria-pressed={minutes === String(pick)}
                onClick={() => setMinutes(String(pick))}
                className={cn(
                  'h-12 rounded-md border text-base font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                  minutes === String(pick) ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-900',
                )}
              >
                {t('worker.onMyWay.pick', { minutes: pick })}
              </button>
            ))}
          </div>
          <Input
            id={id}
            type="number"
            inputMode="numeric"
            min={ETA_MIN_MINUTES}
            max={ETA_MAX_MINUTES}
            value={minutes}
            onChange={(event) => setMinutes(event.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${id}-error` : undefined}
            className="h-12"
          />
          <FieldError id={`${id}-error`} message={invalid ? t('worker.onMyWay.invalid', { min: ETA_MIN_MINUTES, max: ETA_MAX_MINUTES }) : null} />
        </div>
        <div aria-live="assertive">{error ? <ApiErrorAlert error={error} /> : null}</div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" size="lg" onClick={onClose} disabled={busy}>
            {t('worker.actions.back')}
          </Button>
          <Button type="submit" size="lg" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('worker.actions.saving') : t('worker.onMyWay.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
