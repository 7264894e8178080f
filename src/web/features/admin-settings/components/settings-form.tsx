/**
 * The frame of every settings form: the section's card, who saved it last, the fields, and the
 * Save bar wired to useSectionForm. Keyboard path: Tab through the fields, Enter saves.
 */
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { SectionState } from '@/domain/settings-contract';
import type { useSectionForm } from '../hooks/use-section-form';
import { SaveBar } from './save-bar';
import { LastSaved, SectionCard } from './section-card';

export interface SettingsFormProps<F extends FieldValues, V> {
  id: string;
  name: string;
  description?: string;
  state: SectionState<V>;
  controller: ReturnType<typeof useSectionForm<F, V>>;
  children: ReactNode;
}

export function SettingsForm<F extends FieldValues, V>({ id, name, description, state, controller, children }: SettingsFormProps<F, V>) {
  return (
    <SectionCard id={id} title={name} description={description}>
      <LastSaved state={state} />
      <form noValidate onSubmit={controller.onSubmit} className="flex flex-col gap-4">
        {children}
        <SaveBar
          name={name}
          saving={controller.saving}
          conflict={controller.conflict}
          conflictBase={controller.conflictBase}
          onLoadTheirs={controller.loadTheirs}
          fieldsRefused={controller.fieldsRefused}
          otherError={controller.otherError}
        />
      </form>
    </SectionCard>
  );
}
