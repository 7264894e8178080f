/**
 * Saving from /admin/settings: `PUT /api/admin/settings/services/{slug}` and
 * `PUT /api/admin/settings/{section}`, each with the version the form was based on. On success the
 * page's settings take the answer, the history refetches, and so do the public settings (prices,
 * policy, hours) that the rest of the app shows. A 409 `settings_changed` is thrown as the
 * ApiError for the form to show (SettingsConflict in utils/conflict.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceSlug } from '@/domain/services';
import { SETTINGS_SECTION_PATHS, type AdminSettings, type SectionState, type SectionValues, type ServiceSettingState, type SettingsSection } from '@/domain/settings-contract';
import { apiFetch } from '@/web/lib/api-client';
import { publicSettingsQueryOptions } from '@/web/lib/public-settings';
import { adminSettingsKeys } from './keys';

/** What a form sends: its value and the version it started from. */
export interface SaveRequest<V> {
  version: number;
  value: V;
}

function useAfterSave() {
  const queryClient = useQueryClient();
  return (update: (settings: AdminSettings) => AdminSettings) => {
    queryClient.setQueryData<AdminSettings>(adminSettingsKeys.settings(), (settings) => (settings ? update(settings) : settings));
    void queryClient.invalidateQueries({ queryKey: adminSettingsKeys.allHistory() });
    void queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey });
  };
}

/** Saves one section; answers its state now. */
export function useSaveSection<S extends SettingsSection>(section: S) {
  type V = SectionValues[S];
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (request: SaveRequest<V>) => apiFetch<SectionState<V>>(`/api/admin/settings/${SETTINGS_SECTION_PATHS[section]}`, { method: 'PUT', body: request }),
    onSuccess: (state) => afterSave((settings) => ({ ...settings, sections: { ...settings.sections, [section]: state } })),
  });
}

/** Saves one service's price and whether it is offered; answers its state now. */
export function useSaveService(slug: ServiceSlug) {
  const afterSave = useAfterSave();
  return useMutation({
    mutationFn: (request: SaveRequest<{ unitPriceCents: number; active: boolean }>) =>
      apiFetch<ServiceSettingState>(`/api/admin/settings/services/${slug}`, { method: 'PUT', body: request }),
    onSuccess: (state) => afterSave((settings) => ({ ...settings, services: settings.services.map((service) => (service.slug === slug ? state : service)) })),
  });
}
