/**
 * One settings form's life (react-hook-form + the section's zod schema, utils/forms.ts): filled
 * from the section's state, sent with the version it started from, and then
 * - saved: a toast, and the form takes the saved value (nothing changed: another toast says so);
 * - refused for bad input (400): each field the server names shows its message;
 * - refused because another admin saved first (409 `settings_changed`): the admin's own edits stay
 *   in the form, the conflict says who saved what and when, and the admin either loads their
 *   values or saves again over them (the save then names the version saved now);
 * - failed otherwise: the error shows above the Save button and in a toast.
 * While the admin has not touched the form, a newer state from the server (another admin's save,
 * seen on refetch) replaces what it shows.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient, type UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { SectionState } from '@/domain/settings-contract';
import { ApiError } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { adminSettingsKeys } from '../api/keys';
import type { SaveRequest } from '../api/save-settings';
import { settingsConflictOf, type SettingsConflict } from '../utils/conflict';

export interface SectionFormOptions<FormValues extends FieldValues, Value> {
  form: { schema: z.ZodType<Value, FormValues>; toForm: (value: Value) => FormValues };
  state: SectionState<Value>;
  save: UseMutationResult<SectionState<Value>, Error, SaveRequest<Value>>;
  /** The section's name, for the toasts ("Sales tax saved."). */
  name: string;
}

export function useSectionForm<FormValues extends FieldValues, Value>({ form: definition, state, save, name }: SectionFormOptions<FormValues, Value>) {
  const { t } = useTranslation();
  const [conflict, setConflict] = useState<SettingsConflict<Value> | null>(null);
  // The value the admin started from when the conflict came: "what they changed" is measured from it.
  const [conflictBase, setConflictBase] = useState<Value | null>(null);
  // The version of the values loaded from a conflict, until the page's settings catch up with it.
  const [loadedVersion, setLoadedVersion] = useState<number | null>(null);
  const queryClient = useQueryClient();
  // The resolver's types cannot follow a schema given as a parameter; the schema's own types (input FormValues, output Value) hold.
  const resolver = zodResolver(definition.schema as never) as unknown as Resolver<FormValues, unknown, Value>;
  const form = useForm<FormValues, unknown, Value>({ resolver, defaultValues: definition.toForm(state.value) as never });
  const { reset, setError, formState } = form;

  useEffect(() => {
    if (!formState.isDirty) reset(definition.toForm(state.value) as never);
    // Only a new version from the server matters here; the form's own edits do not.
  }, [state.version]);

  const onSubmit = form.handleSubmit((value) => {
    const version = conflict?.version ?? Math.max(loadedVersion ?? 0, state.version);
    save.mutate(
      { version, value },
      {
        onSuccess: (saved) => {
          setConflict(null);
          setConflictBase(null);
          setLoadedVersion(null);
          reset(definition.toForm(saved.value) as never);
          if (saved.version === version) toast.info(t('adminSettings.unchanged', { section: name }));
          else toast.success(t('adminSettings.saved', { section: name }));
        },
        onError: (error) => {
          const refused = settingsConflictOf<Value>(error);
          if (refused) {
            setConflictBase(conflict ? conflictBase : state.value);
            setConflict(refused);
            // Who saved last and when, for the section's header; the admin's edits stay (the form is dirty).
            void queryClient.invalidateQueries({ queryKey: adminSettingsKeys.settings() });
          } else if (error instanceof ApiError && error.status === 400 && error.details) {
            for (const [field, message] of Object.entries(error.details)) {
              setError(field.replace(/^value\.?/, '') as Path<FormValues>, { type: 'server', message });
            }
          }
          toast.error(error instanceof ApiError ? error.message : t('errors.generic'));
        },
      },
    );
  });

  /** Shows the values saved now, dropping the admin's own edits. */
  const loadTheirs = () => {
    if (!conflict) return;
    reset(definition.toForm(conflict.current) as never);
    setLoadedVersion(conflict.version);
    setConflict(null);
    setConflictBase(null);
    save.reset();
  };

  /** The save's failure when it is neither a conflict nor field-by-field bad input (those show on their own). */
  const otherError = save.error && !settingsConflictOf(save.error) && !(save.error instanceof ApiError && save.error.status === 400 && save.error.details) ? save.error : null;
  const fieldsRefused = save.error instanceof ApiError && save.error.status === 400 && save.error.details ? save.error : null;

  return { form, onSubmit, conflict, conflictBase, loadTheirs, otherError, fieldsRefused, saving: save.isPending };
}

/** A field's message to show: the form's own (an i18n key) translated, the server's as it came. */
export function fieldMessage(t: (key: string) => string, error: { type?: string; message?: string } | undefined): string | null {
  if (!error?.message) return null;
  return error.type === 'server' ? error.message : t(error.message);
}

/** The first message anywhere under a field (a ZIP list's `zips.3`, a day's `weeklyHours.1.closeMinute`). */
export function firstError(error: unknown): { type?: string; message?: string } | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const record = error as { type?: string; message?: unknown };
  if (typeof record.message === 'string') return { type: record.type, message: record.message };
  for (const value of Object.values(error)) {
    const found = firstError(value);
    if (found) return found;
  }
  return undefined;
}
