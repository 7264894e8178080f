/**
 * The dashboard's controls: latest entries or grouped, severity, status, and (when one group is
 * picked) a way back to all groups. Native selects and buttons, so the keyboard path is Tab,
 * arrows and Enter; every change keeps the URL in step (hooks/use-error-view.ts).
 */
import X from 'lucide-react/icons/x';
import { useTranslation } from 'react-i18next';
import { ERROR_SEVERITIES } from '@/domain/errors-contract';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { cn } from '@/web/lib/cn';
import type { ErrorView, ErrorViewState } from '../hooks/use-error-view';

export interface ErrorFiltersProps {
  state: ErrorViewState;
  /** The picked group's type, for its label. */
  groupType: string | null;
  onChange: (changes: Partial<Record<keyof ErrorViewState, string | null>>) => void;
}

const selectClass = 'h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

export function ErrorFilters({ state, groupType, onChange }: ErrorFiltersProps) {
  const { t } = useTranslation();
  const views: ErrorView[] = ['entries', 'groups'];
  const filtered = state.severity !== null || state.status !== 'all' || state.group !== null;
  return (
    <section aria-label={t('errorLog.filters.label')} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={t('errorLog.views.label')} className="inline-flex rounded-lg bg-slate-100 p-1">
          {views.map((view) => (
            <button
              key={view}
              type="button"
              aria-pressed={state.view === view}
              onClick={() => onChange({ view })}
              className={cn(
                'min-h-9 rounded-md px-3 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                state.view === view ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {t(`errorLog.views.${view}`)}
            </button>
          ))}
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="error-severity">{t('errorLog.filters.severity')}</Label>
          <select id="error-severity" className={selectClass} value={state.severity ?? ''} onChange={(event) => onChange({ severity: event.target.value || null })}>
            <option value="">{t('errorLog.filters.allSeverities')}</option>
            {ERROR_SEVERITIES.map((severity) => (
              <option key={severity} value={severity}>
                {t(`errorLog.severity.${severity}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="error-status">{t('errorLog.filters.status')}</Label>
          <select id="error-status" className={selectClass} value={state.status} onChange={(event) => onChange({ status: event.target.value })}>
            <option value="all">{t('errorLog.filters.all')}</option>
            <option value="unresolved">{t('errorLog.filters.unresolved')}</option>
            <option value="resolved">{t('errorLog.filters.resolved')}</option>
          </select>
        </div>
        {filtered ? (
          <Button variant="ghost" onClick={() => onChange({ severity: null, status: null, group: null })}>
            {t('errorLog.filters.clear')}
          </Button>
        ) : null}
      </div>
      {state.group ? (
        <p className="flex flex-wrap items-center gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-900">
          <span>{t('errorLog.filters.group', { type: groupType ?? state.group })}</span>
          <Button size="sm" variant="outline" onClick={() => onChange({ group: null })}>
            <X aria-hidden="true" className="h-4 w-4" />
            {t('errorLog.filters.clearGroup')}
          </Button>
        </p>
      ) : null}
    </section>
  );
}
