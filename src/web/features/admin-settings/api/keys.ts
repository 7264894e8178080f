/** Query keys of /admin/settings, all under ['admin-settings']. */
import type { HistorySubject } from '@/domain/settings-contract';

export const adminSettingsKeys = {
  all: ['admin-settings'] as const,
  settings: () => ['admin-settings', 'settings'] as const,
  allHistory: () => ['admin-settings', 'history'] as const,
  history: (subject: HistorySubject | null) => ['admin-settings', 'history', subject ?? 'all'] as const,
};
