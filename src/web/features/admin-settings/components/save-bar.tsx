/**
 * The foot of a settings form: what went wrong with the last save (another admin's save first,
 * with what they changed and the two ways on; bad fields; any other failure) and the Save button.
 */
import { useTranslation } from 'react-i18next';
import { settingChanges } from '@/domain/settings-contract';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import type { ApiError } from '@/web/lib/api-client';
import type { SettingsConflict } from '../utils/conflict';
import { describeChange } from '../utils/describe-change';

export interface SaveBarProps {
  /** The section's name, for the button's accessible name ("Save Sales tax"). */
  name: string;
  saving: boolean;
  conflict: SettingsConflict | null;
  conflictBase: unknown;
  onLoadTheirs: () => void;
  fieldsRefused: ApiError | null;
  otherError: Error | null;
}

export function SaveBar({ name, saving, conflict, conflictBase, onLoadTheirs, fieldsRefused, otherError }: SaveBarProps) {
  const { t, i18n } = useTranslation();
  const theirChanges = conflict ? settingChanges(conflictBase, conflict.current) : [];
  return (
    <div className="flex flex-col gap-3">
      <div aria-live="assertive">
        {conflict ? (
          <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-semibold">{conflict.message}</p>
            {conflict.hint ? <p>{conflict.hint}</p> : null}
            {theirChanges.length > 0 ? (
              <div>
                <p className="font-medium">{t('adminSettings.conflict.theirValues')}</p>
                <ul className="list-disc pl-5">
                  {theirChanges.map((change) => (
                    <li key={change.path}>{describeChange(change, t, i18n.language)}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" onClick={onLoadTheirs}>
                {t('adminSettings.conflict.useTheirs')}
              </Button>
              <Button type="submit" disabled={saving}>
                {t('adminSettings.conflict.keepMine')}
              </Button>
            </div>
          </div>
        ) : fieldsRefused ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {fieldsRefused.message}
          </p>
        ) : otherError ? (
          <ApiErrorAlert error={otherError} />
        ) : null}
      </div>
      {conflict ? null : (
        <Button type="submit" size="lg" className="w-full sm:w-auto sm:self-start" disabled={saving} aria-busy={saving || undefined} aria-label={saving ? undefined : t('adminSettings.saveNamed', { section: name })}>
          {saving ? t('adminSettings.saving') : t('adminSettings.save')}
        </Button>
      )}
    </div>
  );
}
