/**
 * One report of the analytics page: a titled card that shows "Loading...", the error with
 * "Try again" (a 401/403 asks to sign in or denies access), "Nothing in this period yet", or the
 * report. While another period loads, the previous one stays, dimmed and marked busy.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';

export interface ReportSectionProps<T> {
  id: string;
  title: string;
  description: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

export function ReportSection<T>({ id, title, description, query, isEmpty, children }: ReportSectionProps<T>) {
  const { t } = useTranslation();
  const headingId = `${id}-heading`;
  return (
    <Card role="region" aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 p-4 sm:p-6">
      <header className="flex flex-col gap-1">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">{description}</p>
      </header>
      {query.isPending ? (
        <p role="status" className="flex items-center gap-2 py-6 text-slate-700">
          <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin motion-reduce:animate-none" />
          {t('common.loading')}
        </p>
      ) : query.isError ? (
        <QueryErrorNotice error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} title={t('analytics.states.loadFailed')} />
      ) : (
        <div aria-busy={query.isPlaceholderData} className={cn('flex min-w-0 flex-col gap-5 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
          {isEmpty(query.data) ? <p className="py-4 text-slate-700">{t('analytics.states.empty')}</p> : children(query.data)}
        </div>
      )}
    </Card>
  );
}
