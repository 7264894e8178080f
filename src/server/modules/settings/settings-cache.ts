/**
 * The business settings kept in this process (issue #16), for the reads that answer every
 * visitor (`GET /api/settings/public`, the slots): read once from the database
 * (getBusinessSettings) and kept until a settings change (announced on the capacity_changes
 * channel by every save, src/server/modules/workers/capacity-caches.ts) or a lost LISTEN
 * connection drops them; while that connection is down nothing is kept. Writes that move money
 * or decide a booking keep reading the settings fresh (requestContext, createBooking).
 */
import type { Database } from '../../db/client';
import { KeptValues } from '../../lib/kept-values';
import { getBusinessSettings, type BusinessSettings, type SettingsDefaults } from './settings.service';

export class SettingsCache {
  /** By the defaults asked with (the config's support phone and email: one or two shapes per process). */
  private readonly values = new KeptValues<BusinessSettings>();

  constructor(private readonly db: Database) {}

  /**
   * The settings as getBusinessSettings reads them now, frozen (shared by every caller: read-only).
   * @param defaults the config's support phone and email (as getBusinessSettings)
   */
  get(defaults?: SettingsDefaults): Promise<BusinessSettings> {
    const key = defaults ? `${defaults.supportPhone}\n${defaults.supportEmail}` : '';
    return this.values.get(key, () => getBusinessSettings(this.db, defaults));
  }

  /** Drops the kept settings (a save, or notifications that may have been missed). */
  clear(): void {
    this.values.clear();
  }

  /** While the LISTEN connection is down nothing is kept; either way the kept settings are dropped. */
  setListening(listening: boolean): void {
    this.values.setListening(listening);
  }
}
