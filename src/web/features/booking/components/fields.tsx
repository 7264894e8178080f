/**
 * Form fields of the booking steps, wired for screen readers: each control names its hint and
 * error through aria-describedby and carries aria-invalid while its error shows. Controls take
 * react-hook-form's `register(...)` result; `error` is already translated text.
 */
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  registration: UseFormRegisterReturn;
  className?: string;
}

/** The ids a control is described by: its hint and, while shown, its error. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
}

function ariaFor(id: string, hint: unknown, error: unknown) {
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(id, hint, error) } as const;
}

function FieldLabel({ id, label, optional }: Pick<FieldProps, 'id' | 'label' | 'optional'>) {
  const { t } = useTranslation();
  return (
    <Label htmlFor={id}>
      {label}
      {optional && <span className="font-normal text-slate-600"> {t('booking.fields.optional')}</span>}
    </Label>
  );
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? <p id={`${id}-hint`} className="text-sm text-slate-600">{hint}</p> : null;
}

const boxClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

export function TextField({ id, label, hint, error, optional, registration, className, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel id={id} label={label} optional={optional} />
      <Input id={id} {...ariaFor(id, hint, error)} {...input} {...registration} />
      <Hint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function TextAreaField({ id, label, hint, error, optional, registration, className, ...area }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel id={id} label={label} optional={optional} />
      <textarea id={id} rows={3} className={boxClass} {...ariaFor(id, hint, error)} {...area} {...registration} />
      <Hint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function SelectField({
  id, label, hint, error, registration, className, options, ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement> & { options: { value: string | number; label: string }[] }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel id={id} label={label} />
      <select id={id} className={cn(boxClass, 'h-10 py-0')} {...ariaFor(id, hint, error)} {...select} {...registration}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Hint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** Radio buttons for "choose one" (at most one is possible by construction). */
export function ChoiceGroup({
  id, label, hint, error, registration, options, className,
}: FieldProps & { options: { value: string; label: ReactNode; description?: ReactNode }[] }) {
  const aria = ariaFor(id, hint, error);
  return (
    <fieldset className={cn('space-y-2', className)} aria-describedby={aria['aria-describedby']}>
      <legend className="text-sm font-medium text-slate-800">{label}</legend>
      <Hint id={id} hint={hint} />
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-300 bg-white p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input type="radio" value={option.value} className="mt-0.5 h-4 w-4 accent-brand-600" {...aria} {...registration} />
            <span>
              <span className="font-medium text-slate-900">{option.label}</span>
              {option.description && <span className="block text-slate-600">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

/** A checkbox whose label is the full statement the customer agrees to. */
export function CheckboxField({ id, label, hint, error, registration, className }: FieldProps) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-start gap-3 rounded-md border border-slate-200 bg-slate-50 p-3">
        <input id={id} type="checkbox" className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600" {...ariaFor(id, hint, error)} {...registration} />
        <label htmlFor={id} className="text-sm text-slate-800">
          {label}
        </label>
      </div>
      <Hint id={id} hint={hint} />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
