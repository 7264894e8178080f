/**
 * Issue #16, "More than one server", in one test process: two app instances (each its own
 * runtime: connection pool, LISTEN connection, locks) on one PostgreSQL database, as two server
 * processes behind a load balancer. Proven:
 * - both start at once on an empty database (one migrates and seeds, the other waits for it);
 * - every rate limit hit through one instance holds through the other (sign-in, error log,
 *   analytics, guest chat starts, guest chat messages, guest uploads, typing notices);
 * - each scheduled job runs once per interval however many instances race for it, and a chat
 *   wait is reported to operations once;
 * - the job lock: one holder at a time, released at once when its holder's connection dies;
 * - with S3_BUCKET and no shared disk, a photo uploaded through one is served by the other.
 * The two real server processes are src/server/two-processes.test.ts.
 * PostgreSQL only (TEST_DATABASE_URL): the embedded database belongs to one process.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations, mailOutbox } from './db/schema';
import { LOCK_CLASS, postgresExclusive } from './db/session-lock';
import { TYPING_THROTTLE_MS } from './modules/chats/chat-activity.service';
import { GUEST_SEND_LIMIT, GUEST_START_LIMIT } from './modules/chats/chat-guests.service';
import { ADMIN_ALERT_AFTER_MINUTES } from './modules/chats/chat-fallback';
import { UPLOAD_LIMITS } from './modules/uploads/upload-quota';
import { clusterJobGuard, runScheduledJobs, SCHEDULED_JOBS, type ScheduledJob } from './scheduled-jobs';
import { startLocalS3, type LocalS3 } from './test/local-s3';
import { startTwoInstances, type Instance, type TwoInstances } from './test/two-instances';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SKIP_REASON = onPostgres ? '' : ' (skipped: needs TEST_DATABASE_URL; the embedded database belongs to one process)';
const NOW = new Date('2026-11-21T15:00:00Z');
const LIMIT = 3;

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0];

/**
 * Sends `count` requests alternately through A and B, then one more through each.
 * @returns the statuses of the first `count`, and the two answers past them
 */
async function alternate(two: TwoInstances, count: number, send: (instance: Instance, i: number) => Promise<Response>) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send(i % 2 === 0 ? two.a : two.b, i)).status);
  const overOnA = await send(two.a, count);
  const overOnB = await send(two.b, count + 1);
  return { statuses, overOnA, overOnB };
}

async function expectRefused(response: Response, code = 'rate_limited') {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
  expect(((await response.json()) as { code: string }).code).toBe(code);
}

describe.skipIf(!onPostgres)(`rate limits shared by two app instances (issue #16)${SKIP_REASON}`, () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances({
      now: NOW,
      env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_MAX: String(LIMIT), ERROR_LOG_RATE_LIMIT_MAX: String(LIMIT), ANALYTICS_RATE_LIMIT_MAX: String(LIMIT) },
    });
  }, 60_000);
  afterAll(() => two?.close());

  it('counts sign-in attempts of one address across both instances', async () => {
    const { statuses, overOnA, overOnB } = await alternate(two, LIMIT, (instance, i) =>
      instance.request('/api/auth/sign-in/email', { method: 'POST', headers: { 'X-Forwarded-For': '10.16.0.1' }, json: { email: `nobody-${i}@example.com`, password: 'wrong-password-1' } }),
    );
    expect(statuses).toEqual(Array(LIMIT).fill(401));
    await expectRefused(overOnA);
    await expectRefused(overOnB);
  });

  it('counts error log entries and analytics batches of one address across both instances', async () => {
    const errors = await alternate(two, LIMIT, (instance) => instance.request('/api/errors', { method: 'POST', headers: { 'X-Forwarded-For': '10.16.0.2' }, json: { error_message: 'boom' } }));
    expect(errors.statuses).toEqual(Array(LIMIT).fill(201));
    await expectRefused(errors.overOnA);
    await expectRefused(errors.overOnB);

    const batch = { visitorId: randomUUID(), events: [{ action: 'page_view', category: 'navigation', occurredAt: NOW.toISOString(), path: '/' }] };
    const analytics = await alternate(two, LIMIT, (instance) => instance.request('/api/analytics/events', { method: 'POST', headers: { 'X-Forwarded-For': '10.16.0.3' }, json: batch }));
    for (const status of analytics.statuses) expect(status).toBeLessThan(300);
    await expectRefused(analytics.overOnA);
    await expectRefused(analytics.overOnB);
  });

  it('counts guest chat starts of one address, and one guest conversation’s messages, across both instances', async () => {
    let guestCookie = '';
    let conversationId = '';
    const starts = await alternate(two, GUEST_START_LIMIT.max, async (instance) => {
      const response = await instance.request('/api/chats/guest', { method: 'POST', headers: { 'X-Forwarded-For': '10.16.0.4' }, json: { name: 'Pat Guest', email: 'pat@example.com' } });
      if (response.status === 201 && !guestCookie) {
        guestCookie = cookieOf(response, 'chat_guest')!;
        conversationId = ((await response.clone().json()) as { id: string }).id;
      }
      return response;
    });
    expect(starts.statuses).toEqual(Array(GUEST_START_LIMIT.max).fill(201));
    await expectRefused(starts.overOnA);
    await expectRefused(starts.overOnB);

    const messages = await alternate(two, GUEST_SEND_LIMIT.max, (instance, i) =>
      instance.request(`/api/chats/${conversationId}/messages`, { method: 'POST', cookie: guestCookie, headers: { 'Idempotency-Key': `guest-message-${i}` }, json: { body: `message ${i}` } }),
    );
    expect(messages.statuses).toEqual(Array(GUEST_SEND_LIMIT.max).fill(201));
    await expectRefused(messages.overOnA);
    await expectRefused(messages.overOnB);
  });

  it('counts one guest’s uploads across both instances', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a5a2b' } }).jpeg().toBuffer();
    let draftCookie: string | undefined;
    const upload = async (instance: Instance) => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
      const response = await instance.request('/api/uploads', { method: 'POST', body: form, cookie: draftCookie, headers: { 'X-Forwarded-For': '10.16.0.5' } });
      draftCookie ??= cookieOf(response, 'upload_owner');
      return response;
    };
    const { statuses, overOnA, overOnB } = await alternate(two, UPLOAD_LIMITS.draft.perHour, upload);
    expect(statuses).toEqual(Array(UPLOAD_LIMITS.draft.perHour).fill(201));
    await expectRefused(overOnA, 'upload_rate_limited');
    await expectRefused(overOnB, 'upload_rate_limited');
  });

  it('sends one typing notice per typist and window, whichever instance the typing reaches', async () => {
    const started = await two.a.request('/api/chats/guest', { method: 'POST', headers: { 'X-Forwarded-For': '10.16.0.6' }, json: { name: 'Tia Typist', email: 'tia@example.com' } });
    expect(started.status).toBe(201);
    const cookie = cookieOf(started, 'chat_guest')!;
    const { id } = (await started.json()) as { id: string };
    const heard: unknown[] = [];
    const unsubscribe = two.b.runtime.deps.bookingEvents.subscribeChatActivity((activity) => {
      if (activity.kind === 'typing' && activity.conversationId === id) heard.push(activity);
    });
    try {
      const typing = (instance: Instance) => instance.request(`/api/chats/${id}/typing`, { method: 'POST', cookie });
      for (const instance of [two.a, two.b, two.a, two.b]) expect((await typing(instance)).status).toBe(204);
      await expect.poll(() => heard.length, { timeout: 2_000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 300)); // a second notice, if any, would have arrived by now
      expect(heard).toHaveLength(1);

      two.setNow(new Date(NOW.getTime() + TYPING_THROTTLE_MS + 1));
      expect((await typing(two.b)).status).toBe(204);
      await expect.poll(() => heard.length, { timeout: 2_000 }).toBe(2);
    } finally {
      unsubscribe();
      two.setNow(NOW);
    }
  });
});

describe.skipIf(!onPostgres)(`scheduled jobs across two app instances (issue #16)${SKIP_REASON}`, () => {
  let two: TwoInstances;
  beforeAll(async () => {
    two = await startTwoInstances({ now: NOW });
  }, 60_000);
  afterAll(() => two?.close());

  it('runs each job once per interval when both instances’ loops race, and reports a long chat wait to operations once', async () => {
    const interval = 60_000;
    const guardA = clusterJobGuard(two.a.runtime.deps, postgresExclusive(two.url, 'job'), interval);
    const guardB = clusterJobGuard(two.b.runtime.deps, postgresExclusive(two.url, 'job'), interval);
    const race = async () => {
      const [byA, byB] = await Promise.all([runScheduledJobs(two.a.runtime.deps, guardA), runScheduledJobs(two.b.runtime.deps, guardB)]);
      return { byA, byB };
    };
    const jobs = Object.keys(SCHEDULED_JOBS) as ScheduledJob[];

    // A guest has waited longer than the alert threshold.
    const started = await two.a.request('/api/chats/guest', { method: 'POST', json: { name: 'Wendy Waiting', email: 'wendy@example.com' } });
    const { id } = (await started.json()) as { id: string };
    await two.a.runtime.deps.db
      .update(conversations)
      .set({ awaitingReplySince: new Date(NOW.getTime() - (ADMIN_ALERT_AFTER_MINUTES + 5) * 60_000), lastMessageAt: NOW })
      .where(eq(conversations.id, id));

    const first = await race();
    expect([...first.byA, ...first.byB].sort()).toEqual([...jobs].sort()); // each job by exactly one of them
    const alerts = () => two.a.runtime.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.template, 'chat_waiting_ops'), like(mailOutbox.text, `%${id}%`)));
    expect(await alerts()).toHaveLength(1);

    // Within the same interval, neither runs anything again.
    two.setNow(new Date(NOW.getTime() + interval / 2));
    expect(await race()).toEqual({ byA: [], byB: [] });

    // The next interval: each job once more, by one of them; the wait is not reported twice.
    two.setNow(new Date(NOW.getTime() + interval + 1_000));
    const next = await race();
    expect([...next.byA, ...next.byB].sort()).toEqual([...jobs].sort());
    expect(await alerts()).toHaveLength(1);
    two.setNow(NOW);
  });

  it('lets one holder run a job at a time, and frees the job at once when its holder’s connection dies', async () => {
    const processA = postgresExclusive(two.url, 'job');
    const processB = postgresExclusive(two.url, 'job');
    let finishA!: () => void;
    const insideA = new Promise<void>((resolve) => (finishA = resolve));
    let entered!: () => void;
    const aEntered = new Promise<void>((resolve) => (entered = resolve));
    const aRun = processA.tryRun('reconciliation', async () => {
      entered();
      await insideA;
      return 'a';
    });
    await aEntered;
    expect(await processB.tryRun('reconciliation', async () => 'b')).toEqual({ ran: false });
    expect(await processB.tryRun('reminders', async () => 'b')).toEqual({ ran: true, value: 'b' }); // another job is free
    finishA();
    expect(await aRun).toEqual({ ran: true, value: 'a' });
    expect(await processB.tryRun('reconciliation', async () => 'b')).toEqual({ ran: true, value: 'b' });

    // A holder whose process dies (its connection is cut) holds nothing any more.
    let finishC!: () => void;
    const insideC = new Promise<void>((resolve) => (finishC = resolve));
    let enteredC!: () => void;
    const cEntered = new Promise<void>((resolve) => (enteredC = resolve));
    const cRun = processA.tryRun('upload_cleanup', async () => {
      enteredC();
      await insideC;
    });
    await cEntered;
    expect(await processB.tryRun('upload_cleanup', async () => 'b')).toEqual({ ran: false });
    const admin = new pg.Client({ connectionString: two.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ killed: boolean }>(
        // pg_locks is the whole server's: other test files' databases run the same jobs under the same keys.
        "select pg_terminate_backend(l.pid) as killed from pg_locks l where l.locktype = 'advisory' and l.granted and l.database = (select oid from pg_database where datname = current_database()) and l.classid = $1::oid and l.objid = (hashtext('upload_cleanup')::bigint & 4294967295)::oid",
        [LOCK_CLASS.job],
      );
      expect(rows.map((r) => r.killed)).toEqual([true]);
    } finally {
      await admin.end();
    }
    await expect.poll(async () => (await processB.tryRun('upload_cleanup', async () => 'b')).ran, { timeout: 5_000 }).toBe(true);
    finishC();
    await cRun.catch(() => {}); // its unlock fails on the dead connection: nothing to undo
  });
});

describe.skipIf(!onPostgres)(`uploads in object storage across two app instances (issue #16)${SKIP_REASON}`, () => {
  let two: TwoInstances;
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startLocalS3();
    two = await startTwoInstances({ now: NOW, env: { TRUST_PROXY: 'true', ...s3.env }, separateDataDirs: true });
  }, 60_000);
  afterAll(async () => {
    await two?.close();
    await s3?.close();
  });

  it('serves through B a photo uploaded through A, from the bucket (each instance its own DATA_DIR)', async () => {
    expect(two.a.runtime.deps.config.dataDir).not.toBe(two.b.runtime.deps.config.dataDir);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#5a8a2b' } }).jpeg().toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
    const uploaded = await two.a.request('/api/uploads', { method: 'POST', body: form, headers: { 'X-Forwarded-For': '10.16.1.1' } });
    expect(uploaded.status).toBe(201);
    const cookie = cookieOf(uploaded, 'upload_owner')!;
    const { id } = (await uploaded.json()) as { id: string };

    const fromB = await two.b.request(`/api/uploads/${id}`, { cookie });
    expect(fromB.status).toBe(200);
    const served = Buffer.from(await fromB.arrayBuffer());
    const [stored] = await s3.keys();
    expect(stored).toBeDefined();
    expect(served.equals((await s3.objectBytes(stored!))!)).toBe(true);
  });
});
