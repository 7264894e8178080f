/**
 * The latest entries, newest first (spec section 9: 100): severity, type and message, when,
 * where (browser or server, the page), open or resolved, and a regression mark; per entry a
 * Details button (opens the detail) and Resolve while it is open. A list of cards, so a phone
 * shows every fact without scrolling sideways.
 */
import { useTranslation } from 'react-i18next';
import type { ErrorLogSummary } from '@/domain/errors-contract';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { useResolveError } from '../api/resolve-error';
import { formatTampaTimestamp } from '@/domain/format';
import { RegressionBadge, SeverityBadge, SourceBadge, StatusBadge } from './error-badges';

export interface ErrorEntriesProps {
  entries: ErrorLogSummary[];
  onOpen: (id: string) => void;
}

export function ErrorEntries({ entries, onOpen }: ErrorEntriesProps) {
  const { t } = useTranslation();
  if (entries.length === 0) return <Card className="p-6 text-slate-700">{t('errorLog.list.empty')}</Card>;
  return (
    <section aria-labelledby="error-entries-title" className="flex flex-col gap-2">
      <h2 id="error-entries-title" className="sr-only">
        {t('errorLog.list.label')}
      </h2>
      <p className="text-sm text-slate-600">{t('errorLog.list.shown', { count: entries.length })}</p>
      <ul className="flex flex-col gap-2">
        {entries.map((entry) => (
          <EntryRow key={entry.id} entry={entry} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

function EntryRow({ entry, onOpen }: { entry: ErrorLogSummary; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveError();
  const when = formatTampaTimestamp(entry.timestamp, i18n.language);
  return (
    <li>
      <article aria-label={`${entry.error_type}: ${entry.error_message}`} className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-start sm:justify-between sm:p-4">
        <div className="flex min-w-0 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <SeverityBadge severity={entry.severity} />
            <StatusBadge resolved={entry.resolved} />
            {entry.regression && !entry.resolved ? <RegressionBadge /> : null}
            <SourceBadge source={entry.source} />
            <time dateTime={entry.timestamp} className="text-xs text-slate-600">
              {when}
            </time>
          </div>
          <p className="font-semibold text-slate-900">{entry.error_type}</p>
          <p className="line-clamp-2 break-words text-sm text-slate-800">{entry.error_message}</p>
          {entry.url ? <p className="truncate text-xs text-slate-600">{entry.url}</p> : null}
        </div>
        <div className="flex shrink-0 gap-2">
          <Button size="sm" variant="outline" aria-label={t('errorLog.list.detailsOf', { type: entry.error_type, when })} onClick={() => onOpen(entry.id)}>
            {t('errorLog.list.details')}
          </Button>
          {entry.resolved ? null : (
            <Button size="sm" aria-label={t('errorLog.list.resolveOf', { type: entry.error_type, when })} disabled={resolve.isPending} onClick={() => resolve.mutate(entry.id)}>
              {resolve.isPending ? t('errorLog.list.resolving') : t('errorLog.list.resolve')}
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
