/**
 * A save refused because another admin saved the same section first (409 `settings_changed`,
 * docs/decisions/017-admin-settings.md): the server's message (who, when), its hint, and the
 * section as it is now — its version and value, sent as `details.version` and `details.current`.
 */
import { ApiError } from '@/web/lib/api-client';

export interface SettingsConflict<V = unknown> {
  message: string;
  hint: string | null;
  /** The version saved now: a save based on it replaces their value. */
  version: number;
  /** Their value, as the API answers it. */
  current: V;
}

/** The conflict in a failed save, or null when it failed for another reason. */
export function settingsConflictOf<V>(error: unknown): SettingsConflict<V> | null {
  if (!(error instanceof ApiError) || error.status !== 409 || error.code !== 'settings_changed' || !error.details) return null;
  const version = Number(error.details.version);
  let current: V;
  try {
    current = JSON.parse(error.details.current ?? '') as V;
  } catch {
    return null;
  }
  return Number.isInteger(version) ? { message: error.message, hint: error.hint, version, current } : null;
}
