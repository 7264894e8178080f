/**
 * The history of settings changes, newest first: when (Tampa time), who (name and email), what
 * (a service or a section) and each field old -> new. Filtered by what was changed; older
 * changes a page at a time.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTampaDateAndTime } from '@/domain/format';
import { HISTORY_SUBJECTS, type HistorySubject, type SettingsHistoryEntry } from '@/domain/settings-contract';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { useSettingsHistory } from '../api/get-settings-history';
import { describeChange } from '../utils/describe-change';
import { SectionCard } from './section-card';

const SUBJECT_LABELS: Record<HistorySubject, string> = {
  service: 'adminSettings.sections.services',
  tax: 'adminSettings.sections.tax',
  serviceArea: 'adminSettings.sections.serviceArea',
  hours: 'adminSettings.sections.hours',
  cancellation: 'adminSettings.sections.cancellation',
  contactPromise: 'adminSettings.sections.contactPromise',
  support: 'adminSettings.sections.support',
  completionLimits: 'adminSettings.sections.completionLimits',
  jobRules: 'adminSettings.sections.jobRules',
};

export function SettingsHistory() {
  const { t } = useTranslation();
  const [subject, setSubject] = useState<HistorySubject | null>(null);
  const history = useSettingsHistory(subject);
  const entries = history.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <SectionCard id="history" title={t('adminSettings.sections.history')}>
      <div className="flex flex-col gap-1.5 sm:max-w-xs">
        <Label htmlFor="history-subject">{t('adminSettings.history.filter')}</Label>
        <select
          id="history-subject"
          className="h-12 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          value={subject ?? ''}
          onChange={(event) => setSubject((event.target.value || null) as HistorySubject | null)}
        >
          <option value="">{t('adminSettings.history.all')}</option>
          {HISTORY_SUBJECTS.map((value) => (
            <option key={value} value={value}>
              {t(SUBJECT_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      {history.isPending ? (
        <p role="status" className="text-slate-700">
          {t('common.loading')}
        </p>
      ) : history.isError ? (
        <QueryErrorNotice error={history.error} onRetry={() => void history.refetch()} retrying={history.isFetching} title={t('adminSettings.history.loadFailed')} />
      ) : entries.length === 0 ? (
        <p className="text-slate-700">{t('adminSettings.history.empty')}</p>
      ) : (
        <>
          <ol className="flex flex-col gap-3" aria-label={t('adminSettings.sections.history')}>
            {entries.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </ol>
          {history.hasNextPage ? (
            <Button variant="outline" className="self-start" onClick={() => void history.fetchNextPage()} disabled={history.isFetchingNextPage}>
              {history.isFetchingNextPage ? t('common.loading') : t('adminSettings.history.loadOlder')}
            </Button>
          ) : null}
        </>
      )}
    </SectionCard>
  );
}

function HistoryEntry({ entry }: { entry: SettingsHistoryEntry }) {
  const { t, i18n } = useTranslation();
  const what = entry.subject === 'service' && entry.service ? t('adminSettings.history.subjectService', { service: t(`services.${entry.service}.name`) }) : t(SUBJECT_LABELS[entry.subject]);
  const who = entry.changedBy ? t('adminSettings.history.by', { name: entry.changedBy.name, email: entry.changedBy.email }) : t('adminSettings.history.unknownAdmin');
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <p className="font-semibold text-slate-900">{what}</p>
      <p className="text-sm text-slate-600">
        <time dateTime={entry.changedAt}>{formatTampaDateAndTime(entry.changedAt, i18n.language)}</time> · {who}
      </p>
      <ul className="mt-2 list-disc break-words pl-5 text-sm text-slate-800">
        {entry.changes.map((change) => (
          <li key={change.path}>{describeChange(change, t, i18n.language)}</li>
        ))}
      </ul>
    </li>
  );
}
