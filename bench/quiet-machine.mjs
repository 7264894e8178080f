/**
 * Waiting for a quiet machine before a measure (issue #16's benches on a 2-core machine shared by
 * the servers, PostgreSQL, the clients and Chromium): work left over from the previous measure
 * (mail, notifications, autovacuum, a browser shutting down) otherwise lands in the next one.
 */
import fs from 'node:fs';

/** The machine's busy CPU time (all cores, ms) so far, from /proc/stat (Linux; 0 elsewhere). */
export function machineBusyMs() {
  try {
    const [, ...ticks] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = ticks[3] + ticks[4]; // idle, iowait
    return ((ticks.reduce((a, b) => a + b, 0) - idle) * 1000) / 100; // USER_HZ 100
  } catch {
    return 0;
  }
}

/**
 * Resolves once `busyMs()` grew by less than `share` of one core over `windowMs`, or after `maxMs`.
 * @param options.busyMs CPU time (ms) so far of what must be quiet (default: the whole machine)
 * @returns the seconds waited
 */
export async function waitForQuietMachine({ share, windowMs, maxMs, busyMs = machineBusyMs }) {
  const began = performance.now();
  while (performance.now() - began < maxMs) {
    const before = busyMs();
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    if (busyMs() - before < share * windowMs) break;
  }
  return (performance.now() - began) / 1000;
}
