/**
 * One entry in full (issue #11: "detail with stack trace, context, URL, user agent and the
 * user"): what, when, where and who, the stack trace and context as sent (scrubbed), the group's
 * fingerprint; Resolve while it is open. A dialog over the list (a bottom sheet on phones); its
 * opening is in the URL (`?entry=`), so a link to an entry can be shared with a colleague.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorLogEntry } from '@/domain/errors-contract';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { useErrorEntry } from '../api/get-error-entry';
import { useResolveError } from '../api/resolve-error';
import { formatTampaTimestamp } from '@/domain/format';
import { RegressionBadge, SeverityBadge, SourceBadge, StatusBadge } from './error-badges';

export function ErrorDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const entry = useErrorEntry(id);
  return (
    <Dialog title={t('errorLog.detail.title')} description={entry.data?.error_type} onClose={onClose} className="sm:max-w-3xl">
      {entry.isPending ? (
        <p role="status" className="text-slate-700">
          {t('errorLog.detail.loading')}
        </p>
      ) : entry.isError ? (
        <QueryErrorNotice error={entry.error} onRetry={() => void entry.refetch()} retrying={entry.isFetching} />
      ) : (
        <EntryDetail entry={entry.data} />
      )}
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:grid sm:grid-cols-[10rem_1fr] sm:gap-3">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function EntryDetail({ entry }: { entry: ErrorLogEntry }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveError();
  const none = <span className="text-slate-500">{t('errorLog.detail.none')}</span>;
  const location = entry.file_path ? [entry.file_path, entry.line_number, entry.column_number].filter((part) => part !== null).join(':') : null;
  const who = entry.user
    ? `${entry.user.name} <${entry.user.email}>`
    : entry.source === 'server' && !entry.user_id
      ? t('errorLog.detail.serverUser')
      : t('errorLog.detail.visitor');
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-1.5">
        <SeverityBadge severity={entry.severity} />
        <StatusBadge resolved={entry.resolved} />
        {entry.regression && !entry.resolved ? <RegressionBadge /> : null}
        <SourceBadge source={entry.source} />
      </div>
      {entry.regression && !entry.resolved ? <p className="text-sm text-fuchsia-900">{t('errorLog.detail.regression')}</p> : null}
      <dl className="flex flex-col gap-2">
        <Fact label={t('errorLog.detail.message')}>{entry.error_message}</Fact>
        <Fact label={t('errorLog.detail.when')}>
          <time dateTime={entry.timestamp}>{formatTampaTimestamp(entry.timestamp, i18n.language)}</time>
        </Fact>
        <Fact label={t('errorLog.detail.status')}>
          {entry.resolved && entry.resolved_at ? t('errorLog.detail.resolvedAt', { when: formatTampaTimestamp(entry.resolved_at, i18n.language) }) : t('errorLog.list.open')}
        </Fact>
        <Fact label={t('errorLog.detail.user')}>{who}</Fact>
        <Fact label={t('errorLog.detail.url')}>{entry.url ?? none}</Fact>
        <Fact label={t('errorLog.detail.location')}>{location ?? none}</Fact>
        <Fact label={t('errorLog.detail.userAgent')}>{entry.user_agent ?? none}</Fact>
        <Fact label={t('errorLog.detail.fingerprint')}>
          <code className="text-xs">{entry.fingerprint}</code>
        </Fact>
      </dl>
      <section aria-labelledby="error-stack-title" className="flex flex-col gap-1">
        <h3 id="error-stack-title" className="text-sm font-semibold text-slate-900">
          {t('errorLog.detail.stack')}
        </h3>
        {entry.stack_trace ? (
          <pre tabIndex={0} className="max-h-64 overflow-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            {entry.stack_trace}
          </pre>
        ) : (
          <p className="text-sm text-slate-600">{t('errorLog.detail.noStack')}</p>
        )}
      </section>
      <section aria-labelledby="error-context-title" className="flex flex-col gap-1">
        <h3 id="error-context-title" className="text-sm font-semibold text-slate-900">
          {t('errorLog.detail.context')}
        </h3>
        {entry.context && Object.keys(entry.context).length > 0 ? (
          <pre tabIndex={0} className="max-h-48 overflow-auto rounded-md bg-slate-100 p-3 text-xs text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
            {JSON.stringify(entry.context, null, 2)}
          </pre>
        ) : (
          <p className="text-sm text-slate-600">{t('errorLog.detail.noContext')}</p>
        )}
      </section>
      {entry.resolved ? null : (
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
          <Button disabled={resolve.isPending} onClick={() => resolve.mutate(entry.id)}>
            {resolve.isPending ? t('errorLog.list.resolving') : t('errorLog.list.resolve')}
          </Button>
        </div>
      )}
    </div>
  );
}
