/**
 * What finishing a job needs to know, shared by the worker's "Complete" and the admin's
 * "complete on the worker's behalf" (issue #4): furniture asks the hours actually worked (whole
 * or half hours, at least 1; the booking's estimate preselected), painting with paint we bought
 * asks the paint receipt in dollars (sent as cents, charged at cost), anything else is charged as
 * booked and needs only a confirmation. The body sent is `{ actualHours? , paintCostCents? }`.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingOptions } from '@/domain/booking-options';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { dollarsToCents } from '@/web/lib/dollars';
import { formatPrice, intlLocale } from '@/web/lib/format';

export type ActualsKind = 'hours' | 'paint' | 'none';

export interface JobActuals {
  actualHours?: number;
  paintCostCents?: number;
}

/** What the form holds: the picked hours and the typed receipt, as text. */
export interface ActualsInput {
  hours: string;
  paint: string;
}

/** 1, 1.5, 2, ... 12 hours. */
export const ACTUAL_HOURS_CHOICES = Array.from({ length: 23 }, (_, i) => 1 + i / 2);

export function actualsKind(options: BookingOptions): ActualsKind {
  if (options.service === 'furniture-assembly') return 'hours';
  if (options.service === 'painting' && options.paintSupplier === 'company') return 'paint';
  return 'none';
}

export function initialActuals(options: BookingOptions): ActualsInput {
  return { hours: options.service === 'furniture-assembly' ? String(options.estimatedHours) : '1', paint: '' };
}

/** The request body, or the i18n key of what is wrong with the input. */
export function readActuals(kind: ActualsKind, input: ActualsInput): { actuals: JobActuals } | { error: string } {
  if (kind === 'hours') {
    const hours = Number(input.hours);
    return hours >= 1 && Number.isInteger(hours * 2) ? { actuals: { actualHours: hours } } : { error: 'staff.actuals.hoursInvalid' };
  }
  if (kind === 'paint') {
    const cents = dollarsToCents(input.paint);
    return cents === null ? { error: 'staff.actuals.paintInvalid' } : { actuals: { paintCostCents: cents } };
  }
  return { actuals: {} };
}

export interface JobActualsFieldsProps {
  options: BookingOptions;
  /** The booked total, said when nothing needs asking. */
  bookedTotalCents: number;
  value: ActualsInput;
  onChange: (value: ActualsInput) => void;
  /** A translated error to show under the field. */
  error?: string | null;
}

export function JobActualsFields({ options, bookedTotalCents, value, onChange, error }: JobActualsFieldsProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const kind = actualsKind(options);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const numberFormat = new Intl.NumberFormat(intlLocale(i18n.language), { maximumFractionDigits: 1 });

  if (kind === 'hours') {
    return (
      <div className="space-y-2">
        <Label htmlFor={id}>{t('staff.actuals.hoursLabel')}</Label>
        <select
          id={id}
          value={value.hours}
          onChange={(event) => onChange({ ...value, hours: event.target.value })}
          aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
          aria-invalid={error ? true : undefined}
          className="h-12 w-full rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          {ACTUAL_HOURS_CHOICES.map((hours) => (
            <option key={hours} value={String(hours)}>
              {t('staff.actuals.hoursOption', { count: hours, hours: numberFormat.format(hours) })}
            </option>
          ))}
        </select>
        <p id={hintId} className="text-sm text-slate-600">
          {t('staff.actuals.hoursHint')}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  if (kind === 'paint') {
    return (
      <div className="space-y-2">
        <Label htmlFor={id}>{t('staff.actuals.paintLabel')}</Label>
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
            $
          </span>
          <Input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            value={value.paint}
            onChange={(event) => onChange({ ...value, paint: event.target.value })}
            aria-describedby={`${hintId}${error ? ` ${errorId}` : ''}`}
            aria-invalid={error ? true : undefined}
            className="h-12 pl-7"
          />
        </div>
        <p id={hintId} className="text-sm text-slate-600">
          {t('staff.actuals.paintHint')}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  return <p className="text-sm text-slate-700">{t('staff.actuals.asBooked', { amount: formatPrice(bookedTotalCents, i18n.language) })}</p>;
}
