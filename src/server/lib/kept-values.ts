/**
 * Values read from the database and kept in this process until told they changed (issue #16,
 * docs/decisions/030-cached-day-plan.md): the business settings (settings-cache.ts) and the active
 * workers (workers/capacity-caches.ts), dropped by the `capacity_changes` notices every process
 * hears. Concurrent first reads of a key share one read; a read under way when the values are
 * dropped is handed to its callers (they asked before the change) but not kept; while the LISTEN
 * connection is down (`setListening(false)`) nothing is kept and every call reads. Kept values
 * are frozen, deeply: every caller shares them, so none can change another's.
 */
interface Flight<V> {
  value: Promise<V>;
  stale: boolean;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export class KeptValues<V> {
  private readonly kept = new Map<string, V>();
  private readonly flights = new Map<string, Flight<V>>();
  private listening = true;

  /**
   * The value of `key`: the kept one, or `read()`'s (kept for the next call).
   * @param read reads the value from the database; its errors reach the caller and nothing is kept
   */
  async get(key: string, read: () => Promise<V>): Promise<V> {
    if (!this.listening) return read();
    if (this.kept.has(key)) return this.kept.get(key)!;
    const running = this.flights.get(key);
    if (running) return running.value;
    const flight: Flight<V> = { value: read().then(deepFreeze), stale: false };
    this.flights.set(key, flight);
    try {
      const value = await flight.value;
      if (!flight.stale) this.kept.set(key, value);
      return value;
    } finally {
      if (this.flights.get(key) === flight) this.flights.delete(key);
    }
  }

  /** Drops every kept value (a change, or notices that may have been missed). */
  clear(): void {
    for (const flight of this.flights.values()) flight.stale = true;
    this.flights.clear();
    this.kept.clear();
  }

  /** While the LISTEN connection is down nothing is kept; either way the kept values are dropped. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.clear();
  }
}
