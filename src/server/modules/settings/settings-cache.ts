/**
 * The business settings kept in this process (issue #16), for the reads that answer every
 * visitor (`GET /api/settings/public`, the slots): read once from the database
 * (getBusinessSettings) and kept until a settings change (announced on the capacity_changes
 * channel by every save, src/server/modules/workers/capacity-caches.ts) or a lost LISTEN
 * connection drops them; while that connection is down nothing is kept. Writes that move money
 * or decide a booking keep reading the settings fresh (requestContext, createBooking).
 */
import type { Database } from '../../db/client';
import { getBusinessSettings, type BusinessSettings, type SettingsDefaults } from './settings.service';

interface Flight {
  value: Promise<BusinessSettings>;
  stale: boolean;
}

/** Shared by every request: made read-only so that no caller can change another's settings. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export class SettingsCache {
  /** By the defaults asked with (the config's support phone and email: one or two shapes per process). */
  private readonly kept = new Map<string, BusinessSettings>();
  private readonly flights = new Map<string, Flight>();
  private listening = true;

  constructor(private readonly db: Database) {}

  /**
   * The settings as getBusinessSettings reads them now, frozen (shared by every caller).
   * @param defaults the config's support phone and email (as getBusinessSettings)
   */
  async get(defaults?: SettingsDefaults): Promise<BusinessSettings> {
    if (!this.listening) return getBusinessSettings(this.db, defaults);
    const key = defaults ? `${defaults.supportPhone}\n${defaults.supportEmail}` : '';
    const kept = this.kept.get(key);
    if (kept) return kept;
    const running = this.flights.get(key);
    if (running) return running.value;
    const flight: Flight = { value: getBusinessSettings(this.db, defaults), stale: false };
    this.flights.set(key, flight);
    try {
      const value = deepFreeze(await flight.value);
      if (!flight.stale) this.kept.set(key, value);
      return value;
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
  }

  /** Drops the kept settings (a save, or notifications that may have been missed). */
  clear(): void {
    for (const flight of this.flights.values()) flight.stale = true;
    this.flights.clear();
    this.kept.clear();
  }

  /** While the LISTEN connection is down nothing is kept; either way the kept settings are dropped. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}
