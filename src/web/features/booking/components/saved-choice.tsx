/**
 * The radio group of the saved-details pickers (Saved addresses, Saved cards): a titled group of
 * bordered rows, the checked one highlighted, the customer's default marked "Default".
 */
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function SavedChoices({ legend, children }: { legend: string; children: (name: string) => ReactNode }) {
  const name = useId();
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">{legend}</legend>
      {children(name)}
    </fieldset>
  );
}

export interface SavedChoiceProps {
  /** The group's radio name (from SavedChoices). */
  name: string;
  checked: boolean;
  onSelect: () => void;
  isDefault?: boolean;
  children: ReactNode;
}

export function SavedChoice({ name, checked, onSelect, isDefault = false, children }: SavedChoiceProps) {
  const { t } = useTranslation();
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input type="radio" name={name} className="mt-1 size-4" checked={checked} onChange={onSelect} />
      <span>
        {children}
        {isDefault && (
          <>
            {' '}
            <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t('booking.defaultBadge')}</span>
          </>
        )}
      </span>
    </label>
  );
}
