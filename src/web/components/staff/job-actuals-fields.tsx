/**
 * What finishing a job needs to know, shared by the worker's "Complete" and the admin's
 * "complete on the worker's behalf" (issue #4): furniture asks the hours actually worked (whole
 * or half hours, at least 1, at most the job's ceiling; the booking's estimate preselected),
 * painting with paint we bought asks the paint receipt in dollars (sent as cents, charged at cost,
 * at most the job's ceiling), anything else is charged as booked and needs only a confirmation.
 * The body sent is `{ actualHours? , paintCostCents? }` (completeJobRequestSchema).
 *
 * The ceilings are the defaults of src/domain/money-limits.ts (issue #9); the server checks them
 * again with the settings it runs with, and when it refuses the actuals (400 with
 * `details.actualHours` / `details.paintCostCents`) its message shows under the field.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPrice } from '@/domain/format';
import type { BookingOptions } from '@/domain/booking-options';
import { maxActualHours, maxPaintCostCents } from '@/domain/money-limits';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import { dollarsToCents } from '@/web/lib/dollars';

export interface JobActuals {
  actualHours?: number;
  paintCostCents?: number;
}

/** What the form holds: the picked hours and the typed receipt, as text. */
export interface ActualsInput {
  hours: string;
  paint: string;
}

/** What is wrong with the input, before anything is sent. */
export type ActualsProblem =
  | { kind: 'hoursInvalid' }
  | { kind: 'hoursTooMany'; maxHours: number }
  | { kind: 'paintInvalid' }
  | { kind: 'paintTooHigh'; maxCents: number };

/** The hours a furniture job booked for `estimatedHours` may be charged for: 1, 1.5, 2, ... up to maxActualHours. */
export function actualHoursChoices(estimatedHours: number): number[] {
  const max = maxActualHours(estimatedHours);
  return Array.from({ length: Math.max(1, Math.floor((max - 1) * 2) + 1) }, (_, i) => 1 + i / 2);
}

export function initialActuals(options: BookingOptions): ActualsInput {
  return { hours: options.service === 'furniture-assembly' ? String(options.estimatedHours) : '1', paint: '' };
}

/** The request body, or what is wrong with the input (hours or paint above the job's ceiling included). */
export function readActuals(options: BookingOptions, input: ActualsInput): { actuals: JobActuals } | { problem: ActualsProblem } {
  if (options.service === 'furniture-assembly') {
    const hours = Number(input.hours);
    if (!(hours >= 1) || !Number.isInteger(hours * 2)) return { problem: { kind: 'hoursInvalid' } };
    const maxHours = maxActualHours(options.estimatedHours);
    return hours > maxHours ? { problem: { kind: 'hoursTooMany', maxHours } } : { actuals: { actualHours: hours } };
  }
  if (options.service === 'painting' && options.paintSupplier === 'company') {
    const cents = dollarsToCents(input.paint);
    if (cents === null) return { problem: { kind: 'paintInvalid' } };
    const maxCents = maxPaintCostCents(options.rooms);
    return cents > maxCents ? { problem: { kind: 'paintTooHigh', maxCents } } : { actuals: { paintCostCents: cents } };
  }
  return { actuals: {} };
}

/**
 * The server's message about the actuals when it refused them (400 with `details.actualHours` or
 * `details.paintCostCents`, e.g. "At most 5 hours can be charged for this job."), else null.
 */
export function actualsFieldError(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.details) return null;
  return error.details.actualHours ?? error.details.paintCostCents ?? null;
}

/**
 * The actuals form of one job: its input, the message to show under the field (the check here
 * first, then the server's field message), the server's other refusals for the dialog's alert,
 * and `read`, which gives the request body or shows what is wrong.
 * @param serverError the complete call's last error
 */
export function useJobActuals(options: BookingOptions, serverError: unknown) {
  const { t, i18n } = useTranslation();
  const [value, setValue] = useState(() => initialActuals(options));
  const [problem, setProblem] = useState<ActualsProblem | null>(null);
  const serverFieldError = actualsFieldError(serverError);
  const hours = (value: number) => formatNumber(value, i18n.language, 1);

  const message = (found: ActualsProblem) => {
    switch (found.kind) {
      case 'hoursTooMany':
        return t('staff.actuals.hoursTooMany', { max: hours(found.maxHours) });
      case 'paintTooHigh':
        return t('staff.actuals.paintTooHigh', { max: formatPrice(found.maxCents, i18n.language) });
      default:
        return t(`staff.actuals.${found.kind}`);
    }
  };

  return {
    value,
    onChange: setValue,
    fieldError: problem ? message(problem) : serverFieldError,
    /** The refusal for the dialog's alert; a field message shows under the field instead. */
    formError: serverFieldError ? null : serverError,
    /** The request body, or null after showing what is wrong. */
    read(): JobActuals | null {
      const read = readActuals(options, value);
      setProblem('problem' in read ? read.problem : null);
      return 'actuals' in read ? read.actuals : null;
    },
  };
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
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const formatHours = (value: number) => formatNumber(value, i18n.language, 1);

  if (options.service === 'furniture-assembly') {
    const choices = actualHoursChoices(options.estimatedHours);
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
          {choices.map((hours) => (
            <option key={hours} value={String(hours)}>
              {t('staff.actuals.hoursOption', { count: hours, hours: formatHours(hours) })}
            </option>
          ))}
        </select>
        <p id={hintId} className="text-sm text-slate-600">
          {t('staff.actuals.hoursHint')}{' '}
          {t('staff.actuals.hoursLimit', { max: formatHours(choices[choices.length - 1]) })}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  if (options.service === 'painting' && options.paintSupplier === 'company') {
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
          {t('staff.actuals.paintHint')}{' '}
          {t('staff.actuals.paintLimit', { max: formatPrice(maxPaintCostCents(options.rooms), i18n.language), count: options.rooms })}
        </p>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  return <p className="text-sm text-slate-700">{t('staff.actuals.asBooked', { amount: formatPrice(bookedTotalCents, i18n.language) })}</p>;
}
