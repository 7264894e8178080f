/**
 * A labelled text input as every form of ours lays it out: label, input, optional hint, the
 * field's error, and whatever follows (`after`, e.g. a "Forgot password?" link). Wired for
 * screen readers: aria-describedby names the hint and, while shown, the error; aria-invalid is
 * set while the error shows. Give react-hook-form's `register(...)` as `registration`; every
 * other prop goes to the <input>. `error` is already translated text.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FieldError } from './field-error';
import { Input } from './input';
import { Label } from './label';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  registration?: UseFormRegisterReturn;
  after?: ReactNode;
}

export function FormField({ id, label, hint, error, registration, after, ...input }: FormFieldProps) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} {...registration} />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
      {after}
    </div>
  );
}
