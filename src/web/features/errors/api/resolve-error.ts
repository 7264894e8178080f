/**
 * Resolving from the dashboard: one entry (`POST /api/admin/errors/{id}/resolve`) or a whole group
 * (`POST /api/admin/errors/groups/{fingerprint}/resolve`). On success the unresolved counter drops
 * by what the server resolved (one, or none when it was resolved already; never below 0, spec
 * section 4), the toast says "Success" / "Error marked as resolved"; on failure "Error" / "Failed
 * to resolve error" (spec section 8). The lists refetch.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ErrorCounts, ErrorLogEntry, ResolvedError, ResolvedErrorGroup } from '@/domain/errors-contract';
import { apiFetch } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { errorLogKeys } from './keys';

/** Lowers the unresolved counter by `by`, never below 0. */
export function dropUnresolved(queryClient: QueryClient, by: number): void {
  queryClient.setQueryData<ErrorCounts>(errorLogKeys.counts(), (counts) => (counts ? { ...counts, unresolved: Math.max(0, counts.unresolved - by) } : counts));
}

function useResolveToasts() {
  const { t } = useTranslation();
  return {
    success: () => toast.success(t('errorLog.toast.successTitle'), { description: t('errorLog.toast.resolved') }),
    failure: () => toast.error(t('errorLog.toast.errorTitle'), { description: t('errorLog.toast.resolveFailed') }),
  };
}

export function useResolveError() {
  const queryClient = useQueryClient();
  const toasts = useResolveToasts();
  return useMutation({
    mutationFn: (id: string) => apiFetch<ResolvedError>(`/api/admin/errors/${encodeURIComponent(id)}/resolve`, { method: 'POST' }),
    onSuccess: (resolved) => {
      if (resolved.changed) dropUnresolved(queryClient, 1);
      queryClient.setQueryData<ErrorLogEntry>(errorLogKeys.entry(resolved.id), (entry) => (entry ? { ...entry, resolved: true, resolved_at: resolved.resolved_at } : entry));
      void queryClient.invalidateQueries({ queryKey: errorLogKeys.allEntries() });
      void queryClient.invalidateQueries({ queryKey: errorLogKeys.allGroups() });
      toasts.success();
    },
    onError: toasts.failure,
  });
}

export function useResolveErrorGroup() {
  const queryClient = useQueryClient();
  const toasts = useResolveToasts();
  return useMutation({
    mutationFn: (fingerprint: string) => apiFetch<ResolvedErrorGroup>(`/api/admin/errors/groups/${encodeURIComponent(fingerprint)}/resolve`, { method: 'POST' }),
    onSuccess: (resolved) => {
      dropUnresolved(queryClient, resolved.resolved_count);
      void queryClient.invalidateQueries({ queryKey: errorLogKeys.allEntries() });
      void queryClient.invalidateQueries({ queryKey: errorLogKeys.allGroups() });
      void queryClient.invalidateQueries({ queryKey: ['error-log', 'entry'] });
      toasts.success();
    },
    onError: toasts.failure,
  });
}
