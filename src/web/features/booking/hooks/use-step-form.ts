/**
 * react-hook-form set up for a booking step: validated by a domain zod schema (the one source of
 * the rules), seeded from the draft, writing every change back to the draft (so a reload keeps
 * half-typed input), and showing field errors the API reported for this step, focusing the first.
 * A submit stopped by a rule is reported to the booking funnel's analytics (use-funnel-events.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';
import { useReportBlockedSubmit } from './use-funnel-events';

/**
 * A resolver for form values that are looser than the schema's input (a checkbox is a boolean
 * until the schema demands `true`, a radio group is empty until chosen): the schema decides.
 */
export function schemaResolver<TValues extends FieldValues, TOutput>(schema: ZodType<TOutput>): Resolver<TValues, unknown, TOutput> {
  return zodResolver(schema as ZodType<TOutput, FieldValues>) as unknown as Resolver<TValues, unknown, TOutput>;
}

export interface StepFormOptions<TValues> {
  values: TValues;
  onChange: (values: TValues) => void;
  /** Field path (as named in this form) -> translated message, from a rejected booking. */
  serverErrors?: Record<string, string>;
}

/** The props of a service's Options & Details form. */
export interface OptionsFormProps<TValues, TOptions> extends StepFormOptions<TValues> {
  onSubmit: (options: TOptions) => void;
  onBack: () => void;
}

export function useStepForm<TValues extends FieldValues, TOutput>(schema: ZodType<TOutput>, { values, onChange, serverErrors }: StepFormOptions<TValues>) {
  const form = useForm<TValues, unknown, TOutput>({
    resolver: schemaResolver<TValues, TOutput>(schema),
    defaultValues: values as DefaultValues<TValues>,
  });

  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const { watch, setError } = form;
  useReportBlockedSubmit(form.formState);

  useEffect(() => {
    const subscription = watch((current) => onChangeRef.current(current as TValues));
    return () => subscription.unsubscribe();
  }, [watch]);

  useEffect(() => {
    Object.entries(serverErrors ?? {}).forEach(([name, message], index) => {
      setError(name as Path<TValues>, { type: 'server', message }, { shouldFocus: index === 0 });
    });
  }, [serverErrors, setError]);

  return form;
}
