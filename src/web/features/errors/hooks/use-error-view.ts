/**
 * What the dashboard shows, kept in the URL so it survives a reload and Back works:
 * `view` (`entries`, the default, or `groups`), `severity`, `status` (`unresolved` / `resolved`),
 * `group` (a fingerprint: the entries of one group) and `entry` (the open detail).
 */
import { useSearchParams } from 'react-router';
import { ERROR_SEVERITIES, type ErrorSeverity } from '@/domain/errors-contract';
import { FINGERPRINT_PATTERN } from '@/domain/error-fingerprint';
import type { ErrorFilter } from '../api/keys';

export type ErrorView = 'entries' | 'groups';
export type StatusFilter = 'all' | 'unresolved' | 'resolved';

export interface ErrorViewState {
  view: ErrorView;
  severity: ErrorSeverity | null;
  status: StatusFilter;
  group: string | null;
  entry: string | null;
}

export function readErrorView(params: URLSearchParams): ErrorViewState {
  const severity = params.get('severity');
  const status = params.get('status');
  const group = params.get('group');
  return {
    view: params.get('view') === 'groups' ? 'groups' : 'entries',
    severity: ERROR_SEVERITIES.includes(severity as ErrorSeverity) ? (severity as ErrorSeverity) : null,
    status: status === 'unresolved' || status === 'resolved' ? status : 'all',
    group: group && FINGERPRINT_PATTERN.test(group) ? group : null,
    entry: params.get('entry') || null,
  };
}

/** The API filter of a view state. */
export function filterOf(state: ErrorViewState, withGroup = true): ErrorFilter {
  return {
    ...(state.severity ? { severity: state.severity } : {}),
    ...(state.status !== 'all' ? { resolved: state.status === 'resolved' } : {}),
    ...(withGroup && state.group ? { fingerprint: state.group } : {}),
  };
}

export function useErrorView() {
  const [params, setParams] = useSearchParams();
  const state = readErrorView(params);
  /** Changes some parts; null removes one. `replace`: no new history entry (filters), else a new one (detail). */
  const update = (changes: Partial<Record<keyof ErrorViewState, string | null>>, replace = true) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '' || (key === 'view' && value === 'entries') || (key === 'status' && value === 'all')) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace },
    );
  };
  return { state, update };
}
