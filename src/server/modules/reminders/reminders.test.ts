/**
 * Issue #14, "Reminders": the scheduled jobs (src/server/scheduled-jobs.ts) remind customers the
 * evening before and the morning of their job, and give workers their next day's jobs at 6 PM,
 * each exactly once: run twice, across a restart (the app built anew on the same database), and
 * from two app instances at once on one PostgreSQL (TEST_DATABASE_URL; on embedded PGlite, which
 * one process owns, two runs at once in that process).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRuntime, type Runtime } from '../../bootstrap';
import { loadConfig } from '../../config';
import { bookings, mailOutbox, user } from '../../db/schema';
import { createLogger } from '../../lib/logger';
import { seedBooking, type BookingRow } from '../../realtime/testing/booking-fixtures';
import { runScheduledJobs } from '../../scheduled-jobs';
import { makeWorker } from '../workers/worker-defaults';

const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const BOOKED_AT = new Date('2026-11-20T17:00:00Z'); // Friday noon, Tampa
const MONDAY = (hourUtc: number) => new Date(`2026-11-23T${String(hourUtc).padStart(2, '0')}:00:00Z`);

/** A stand-in for Twilio's Messages endpoint that keeps each text's body. */
async function startFakeTwilio() {
  const texts: Array<{ to: string; body: string }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
      res.writeHead(201, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ sid: `SM${texts.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, texts, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe(`reminders, exactly once (${databaseKind})`, () => {
  const dataDir = path.join(os.tmpdir(), `reminders-test-${randomBytes(6).toString('hex')}`);
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
  let config: ReturnType<typeof loadConfig>;
  let clock = new Date('2026-11-22T22:59:00Z'); // Sunday 5:59 PM Tampa
  let dropDatabase = async () => {};
  let target: { url: string } | { dir: string };
  const running: Runtime[] = [];

  /** A server process: the same runtime production starts, on the shared database. */
  async function startInstance(): Promise<Runtime> {
    const runtime = await startRuntime(config, target, { logger: createLogger('silent'), now: () => clock });
    running.push(runtime);
    return runtime;
  }
  async function stop(runtime: Runtime) {
    running.splice(running.indexOf(runtime), 1);
    await runtime.close();
  }

  let first: Runtime;
  let english: { id: string; email: string };
  let spanish: { id: string; email: string };
  let wes: string;
  let wanda: string;
  let a: BookingRow; // Monday 10:00, confirmed, Wes
  let b: BookingRow; // Monday 14:00, pending, in Spanish
  let cancelled: BookingRow;
  let completed: BookingRow;
  let tuesday: BookingRow;

  const mails = (template: string, about?: string) =>
    first.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.template, template), about ? like(mailOutbox.text, `%${about}%`) : undefined));

  /** The reminder texts sent so far (the booking-received texts of the seeded bookings left out). */
  const reminderTexts = (word: 'tomorrow' | 'today') => twilio.texts.filter((text) => text.body.includes(`reminder, TV installation ${word}`) || text.body.includes(`recordatorio, Instalación de TV ${word === 'tomorrow' ? 'mañana' : 'hoy'}`));

  beforeAll(async () => {
    twilio = await startFakeTwilio();
    config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', TWILIO_ACCOUNT_SID: 'AC0123456789', TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_FROM_NUMBER: '+18135550100', TWILIO_API_BASE: twilio.url });
    if (process.env.TEST_DATABASE_URL) {
      const name = `app_test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      target = { url: url.toString() };
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    } else {
      target = { dir: path.join(dataDir, 'db') };
    }
    first = await startInstance();
    const db = first.deps.db;
    const person = async (name: string) => {
      const id = `u-${randomBytes(6).toString('hex')}`;
      await db.insert(user).values({ id, name, email: `${id}@example.com` });
      return { id, email: `${id}@example.com` };
    };
    english = await person('Carla Customer');
    spanish = await person('María López');
    wes = (await person('Wes Walker')).id;
    wanda = (await person('Wanda Brooks')).id;
    await makeWorker(db, wes);
    await makeWorker(db, wanda);
    const at = (start: Date, extra: Partial<typeof bookings.$inferInsert> = {}) =>
      seedBooking(db, english.id, { scheduledStart: start, scheduledEnd: new Date(start.getTime() + 3_600_000), createdAt: BOOKED_AT, ...extra });
    a = await at(MONDAY(15), { status: 'confirmed', workerId: wes });
    b = await at(MONDAY(19), { customerId: spanish.id, language: 'es' });
    cancelled = await at(MONDAY(16), { status: 'cancelled', workerId: wes });
    completed = await at(MONDAY(21), { status: 'completed', workerId: wanda });
    tuesday = await at(new Date('2026-11-24T14:00:00Z'), { status: 'confirmed', workerId: wes });
  }, 60_000);

  afterAll(async () => {
    for (const runtime of [...running]) await runtime.close();
    await dropDatabase();
    await twilio?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends nothing before 6 PM, then the day-before reminders and the workers’ lists once, however often the job runs', async () => {
    await runScheduledJobs(first.deps);
    expect(await mails('reminder_day_before')).toHaveLength(0);
    expect(await mails('worker_next_day')).toHaveLength(0);

    clock = new Date('2026-11-22T23:00:00Z'); // Sunday 6:00 PM
    await runScheduledJobs(first.deps);
    await runScheduledJobs(first.deps);

    const [toCarla, ...more] = await mails('reminder_day_before', a.reference);
    expect(more).toHaveLength(0);
    expect(toCarla).toMatchObject({ to: english.email, language: 'en', subject: 'Reminder: your TV installation is tomorrow at 10:00 AM' });
    expect(toCarla!.text).toMatch(/Arrival window: 10:00\sAM – 11:00\sAM \(Tampa time\)/);
    expect(toCarla!.text).toContain(`${config.publicUrl}/my-bookings?booking=${a.id}&action=reschedule`);
    expect(toCarla!.text).toContain(`${config.publicUrl}/my-bookings?booking=${a.id}&action=cancel`);
    const toMaria = await mails('reminder_day_before', b.reference);
    expect(toMaria).toHaveLength(1);
    expect(toMaria[0]).toMatchObject({ to: spanish.email, language: 'es' });
    expect(toMaria[0]!.subject).toMatch(/^Recordatorio: su Instalación de TV es mañana a las 2:00\s?p\.\s?m\.$/);
    // Never for a cancelled or completed job.
    expect(await mails('reminder_day_before', cancelled.reference)).toHaveLength(0);
    expect(await mails('reminder_day_before', completed.reference)).toHaveLength(0);
    expect(await mails('reminder_day_before', tuesday.reference)).toHaveLength(0);

    // Wes gets one list of Monday's live jobs; Wanda (only a completed job) gets none.
    const lists = await mails('worker_next_day');
    expect(lists.map((m) => m.to)).toEqual([`${wes}@example.com`]);
    expect(lists[0]!.subject).toBe('Your jobs tomorrow, November 23, 2026: 1');
    expect(lists[0]!.text).toContain(a.reference);
    expect(lists[0]!.text).not.toContain(cancelled.reference);
    expect(lists[0]!.text).not.toContain(tuesday.reference);

    // And one text each (Twilio configured), in the booking's language, with the window and the link.
    const texts = reminderTexts('tomorrow');
    expect(texts).toHaveLength(2);
    expect(texts.find((text) => text.body.includes('reminder'))!.body).toMatch(new RegExp(`tomorrow 10:00\\sAM-11:00\\sAM\\. Reschedule or cancel: ${config.publicUrl}/my-bookings\\?booking=${a.id}$`));
    expect(texts.some((text) => text.body.startsWith('Tampa Same-Day Handyman: recordatorio, Instalación de TV mañana'))).toBe(true);
  });

  it('sends nothing again after a restart', async () => {
    await stop(first);
    first = await startInstance();
    clock = new Date('2026-11-23T01:00:00Z'); // Sunday 8:00 PM
    await runScheduledJobs(first.deps);
    expect(await mails('reminder_day_before', a.reference)).toHaveLength(1);
    expect(await mails('reminder_day_before', b.reference)).toHaveLength(1);
    expect(await mails('worker_next_day')).toHaveLength(1);
    expect(reminderTexts('tomorrow')).toHaveLength(2);
  });

  it('sends the morning reminders once when two server processes run the job at the same time, and again for a moved job', async () => {
    clock = new Date('2026-11-23T12:00:00Z'); // Monday 7:00 AM
    // Two app instances on one PostgreSQL; the embedded database belongs to one process, so there two runs in it.
    const second = process.env.TEST_DATABASE_URL ? await startInstance() : first;
    await Promise.all([runScheduledJobs(first.deps), runScheduledJobs(second.deps), runScheduledJobs(first.deps), runScheduledJobs(second.deps)]);
    const morning = await mails('reminder_morning_of');
    expect(morning.map((m) => m.to).sort()).toEqual([english.email, spanish.email].sort());
    expect(morning.find((m) => m.to === english.email)!.subject).toBe('Today: your TV installation at 10:00 AM');

    // Moved to noon: the job is reminded again, for its new time, once.
    await first.deps.db.update(bookings).set({ scheduledStart: MONDAY(17), scheduledEnd: MONDAY(18) }).where(eq(bookings.id, a.id));
    clock = new Date('2026-11-23T12:05:00Z');
    await Promise.all([runScheduledJobs(first.deps), runScheduledJobs(second.deps)]);
    await stop(first);
    first = await startInstance();
    await runScheduledJobs(first.deps);
    const forA = await mails('reminder_morning_of', a.reference);
    expect(forA.map((m) => m.subject).sort()).toEqual(['Today: your TV installation at 10:00 AM', 'Today: your TV installation at 12:00 PM']);
    expect(await mails('reminder_morning_of', b.reference)).toHaveLength(1);
    expect(await mails('reminder_morning_of', cancelled.reference)).toHaveLength(0);
    expect(reminderTexts('today')).toHaveLength(3);
  });
});
