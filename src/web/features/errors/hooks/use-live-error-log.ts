/**
 * The error dashboard live (spec section 4): counts start from the latest 1000 entries
 * (`GET /api/errors/counts`) and grow with every insert heard on the live stream: an admin's
 * `error_log` event adds one to total and unresolved (and critical), raises the destructive toast
 * "Critical Error Detected" with the entry's error_type and error_message when it is critical, and
 * refreshes the lists and the chart (at most every REFRESH_DELAY_MS, so a burst of errors is one
 * refetch); anyone else's `error_count` event only moves the counters. After a break in the
 * stream everything is fetched again.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCounts, ErrorSeverity } from '@/domain/errors-contract';
import { useLiveErrorEvents } from '@/web/lib/live-updates';
import { toast } from '@/web/lib/toast';
import { errorLogKeys } from '../api/keys';

const REFRESH_DELAY_MS = 300;

/** One more entry of `severity` in the counters (nothing before the baseline has loaded). */
export function countNewEntry(queryClient: QueryClient, severity: ErrorSeverity): void {
  queryClient.setQueryData<ErrorCounts>(errorLogKeys.counts(), (counts) =>
    counts ? { ...counts, total: counts.total + 1, unresolved: counts.unresolved + 1, critical: counts.critical + (severity === 'critical' ? 1 : 0) } : counts,
  );
}

/** @param admin whether the viewer sees entries (lists, chart and the critical toast) or only counts */
export function useLiveErrorLog({ admin }: { admin: boolean }): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const refreshSoon = () => {
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: errorLogKeys.allEntries() });
      void queryClient.invalidateQueries({ queryKey: errorLogKeys.allGroups() });
      void queryClient.invalidateQueries({ queryKey: errorLogKeys.allMetrics() });
    }, REFRESH_DELAY_MS);
  };

  useLiveErrorEvents({
    onErrorLog: (notice) => {
      countNewEntry(queryClient, notice.severity);
      if (notice.severity === 'critical') {
        toast.error(t('errorLog.toast.critical'), { description: `${notice.error_type}: ${notice.error_message}`, duration: 10_000 });
      }
      if (admin) refreshSoon();
    },
    onErrorCount: (nudge) => countNewEntry(queryClient, nudge.severity),
    onReconnect: () => void queryClient.invalidateQueries({ queryKey: errorLogKeys.all }),
  });
}
