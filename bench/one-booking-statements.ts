/**
 * The statements one booking costs PostgreSQL (issue #16, decisions 050, 053 and 054), counted
 * with `log_statement = all` on a throwaway PostgreSQL 15 server: `npm start`'s compiled server
 * (bench/app-server.ts) on a fresh database with one worker, a customer with a saved test card,
 * one booking to warm up (the process's caches: workers, settings), then one booking whose
 * statements are printed and counted (the notifier's claim and the mails' insert, which several
 * bookings share under load, included).
 * Not part of the test run.
 *
 * Run: `node --import tsx bench/one-booking-statements.ts` (BENCH_PORT=4355).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pgClient from 'pg';
import { startAppServer } from './app-server';
import { startRuntime } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { user } from '../src/server/db/schema';
import { createLogger } from '../src/server/lib/logger';
import { makeWorker } from '../src/server/modules/workers/worker-defaults';
import { bookableDates, DEFAULT_SLOT_RULES } from '../src/domain/slots';
// @ts-expect-error plain JS helper
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 4355);
const pg = await startThrowawayPostgres();
const admin = new pgClient.Client({ connectionString: pg.url });
await admin.connect();
await admin.query('create database one_booking');
await admin.query(`alter database one_booking set log_statement = 'all'`);
const url = new URL(pg.url);
url.pathname = '/one_booking';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-one-booking-'));
const config = loadConfig({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const seed = await startRuntime(config, undefined, { logger: createLogger('silent') });
await seed.deps.db.insert(user).values({ id: 'worker-1', name: 'Worker', email: 'worker-1@example.com' });
await makeWorker(seed.deps.db, 'worker-1');
await seed.close();
const server = await startAppServer({ port: PORT, env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'warn' } });
try {
  const base = server.base;
  const json = { 'Content-Type': 'application/json', Origin: base };
  const signUp = await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify({ email: 'booker@example.com', password: 'bench-password-1', name: 'Booker' }) });
  const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const card = (await (await fetch(`${base}/api/payments/test-mode/payment-methods`, { method: 'POST', headers: { ...json, Cookie: cookie }, body: JSON.stringify({ number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' }) })).json()) as { id: string };
  const date = bookableDates(new Date(), DEFAULT_SLOT_RULES)[3]!;
  const starts = ((await (await fetch(`${base}/api/services/tv-installation/slots?date=${date}&durationMinutes=60`)).json()) as { starts: string[] }).starts;
  const book = (startAt: string, key: string) =>
    fetch(`${base}/api/bookings`, {
      method: 'POST',
      headers: { ...json, Cookie: cookie, 'Idempotency-Key': key },
      body: JSON.stringify({ options: { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true }, address: { street: '1 Main St', city: 'Tampa', state: 'FL', zip: '33602' }, contactPhone: '8135550123', startAt, paymentMethodId: card.id }),
    });
  if ((await book(starts[0]!, 'one-booking-warm-up')).status !== 201) throw new Error('the warm-up booking failed');
  await new Promise((resolve) => setTimeout(resolve, 500));
  const logFile: string = pg.logFile;
  const before = fs.statSync(logFile).size;
  const status = (await book(starts[4]!, 'one-booking-counted')).status;
  // The notifier claims the booking's events and writes its mails up to 20 ms later (decision 050).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const lines = fs.readFileSync(logFile, 'utf8').slice(before).split('\n').filter((line) => /LOG:\s+(statement|execute)/.test(line));
  for (const line of lines) console.log(line.replace(/^.*LOG:\s+/, '').slice(0, 160));
  console.log(`booking answered ${status}; ${lines.length} statements`);
} finally {
  await server.stop();
  await admin.end();
  pg.stop();
}
process.exit(0);
