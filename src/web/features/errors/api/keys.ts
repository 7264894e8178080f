/** Query keys of the error dashboard, all under ['error-log'] (the live events refresh them). */
import type { ErrorSeverity } from '@/domain/errors-contract';

export interface ErrorFilter {
  severity?: ErrorSeverity;
  resolved?: boolean;
  fingerprint?: string;
}

export const errorLogKeys = {
  all: ['error-log'] as const,
  counts: () => ['error-log', 'counts'] as const,
  entries: (filter: ErrorFilter) => ['error-log', 'entries', filter] as const,
  allEntries: () => ['error-log', 'entries'] as const,
  groups: (filter: Omit<ErrorFilter, 'fingerprint'>) => ['error-log', 'groups', filter] as const,
  allGroups: () => ['error-log', 'groups'] as const,
  entry: (id: string) => ['error-log', 'entry', id] as const,
  metrics: (days: number) => ['error-log', 'metrics', days] as const,
  allMetrics: () => ['error-log', 'metrics'] as const,
};

/** The query string of a filter: only what is set. */
export function filterQuery(filter: ErrorFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.severity) params.set('severity', filter.severity);
  if (filter.resolved !== undefined) params.set('resolved', String(filter.resolved));
  if (filter.fingerprint) params.set('fingerprint', filter.fingerprint);
  return params;
}
