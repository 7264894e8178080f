/**
 * The load benches' database (bench/dispatch-load.ts, bench/slots.ts): `workers` workers with the
 * default skills and hours, one customer, and `bookings` confirmed one-hour TV installations
 * ($48.38) assigned round the workers at eight starts a day over days 1-13 from today, so day 14
 * (the last bookable day) stays free. Written straight into the database at `databaseUrl`.
 * @returns the workers' ids and the number of bookings written
 */
import { randomBytes } from 'node:crypto';
import { startRuntime } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { bookings, user } from '../src/server/db/schema';
import { createLogger } from '../src/server/lib/logger';
import { makeWorker } from '../src/server/modules/workers/worker-defaults';

export async function seedBusyDays(databaseUrl: string, dataDir: string, counts: { workers: number; bookings: number }): Promise<{ workerIds: string[]; bookingCount: number }> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const runtime = await startRuntime(config, undefined, { logger: createLogger('silent') });
  const db = runtime.deps.db;
  const workerIds: string[] = [];
  for (let i = 0; i < counts.workers; i++) {
    const id = `bench-worker-${i}-${randomBytes(3).toString('hex')}`;
    await db.insert(user).values({ id, name: `Worker ${i}`, email: `${id}@example.com` });
    await makeWorker(db, id);
    workerIds.push(id);
  }
  const customerId = `bench-customer-${randomBytes(3).toString('hex')}`;
  await db.insert(user).values({ id: customerId, name: 'Bench Customer', email: `${customerId}@example.com` });
  const today = new Date();
  const rows: (typeof bookings.$inferInsert)[] = [];
  const startsOfDay = [8 * 60, 9 * 60 + 30, 11 * 60, 12 * 60 + 30, 14 * 60, 15 * 60 + 30, 17 * 60, 18 * 60 + 30];
  outer: for (let day = 1; day <= 13; day++) {
    const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + day));
    for (const worker of workerIds) {
      for (const minute of startsOfDay) {
        if (rows.length >= counts.bookings) break outer;
        const start = new Date(date.getTime() + (minute + 5 * 60) * 60_000); // Tampa is UTC-5 in winter; close enough for load
        rows.push({
          reference: `TB-${randomBytes(4).toString('hex').toUpperCase()}`,
          customerId,
          serviceSlug: 'tv-installation',
          status: 'confirmed',
          workerId: worker,
          options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true },
          street: '1 Main St', city: 'Tampa', state: 'FL', zip: '33602', contactPhone: '+18135550123',
          scheduledStart: start, scheduledEnd: new Date(start.getTime() + 3_600_000),
          lineItems: [], subtotalCents: 4500, taxRateBps: 750, taxCents: 338, totalCents: 4838,
          idempotencyKey: randomBytes(8).toString('hex'), requestHash: 'bench',
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(bookings).values(rows.slice(i, i + 500));
  await runtime.close();
  return { workerIds, bookingCount: rows.length };
}
