/**
 * Chat message delivery (issue #13): two `npm start` server processes (A and B) on one throwaway
 * PostgreSQL 15 server (or BENCH_DATABASE_URL), 200 Server-Sent Event streams open at once
 * (196 customers and 4 admins, half on each process), then:
 *  1. one at a time: each customer sends a message through one process and the time until an
 *     admin's stream on the OTHER process shows it is taken; each reply of an admin through one
 *     process until the customer's stream (on either) shows it;
 *  2. a burst: every customer sends at once (20 in flight), same measure.
 * Latency runs from the start of the POST (so it includes the send itself) to the `chat_message`
 * event on the recipient's stream: p50/p99 in ms. A CPU reference measured in the same run
 * (sorting 300,000 numbers) lets later runs on another machine compare by ratio. Numbers go to
 * the README; nothing here is a test assertion.
 *
 * Run: `npm run bench:chats`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRuntime } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { userRoles } from '../src/server/db/schema';
import { createLogger } from '../src/server/lib/logger';
// @ts-expect-error plain JS helper
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';

const PORTS = [4481, 4482] as const;
const CUSTOMERS = 196;
const ADMINS = 4;
const percentile = (values: number[], p: number) => (values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]! : Number.NaN);
const base = (i: number) => `http://localhost:${PORTS[i % 2]}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const pg = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPostgres();
const databaseUrl: string = process.env.BENCH_DATABASE_URL ?? pg.url;
const dataDirs = PORTS.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-bench-chat-')));
const servers: ChildProcess[] = [];
const streams: AbortController[] = [];

/** The first time (performance.now()) each message id reached each listener. */
const arrivals = new Map<string, Map<string, number>>();

function listen(name: string, server: number, cookie: string): Promise<void> {
  const abort = new AbortController();
  streams.push(abort);
  const seen = new Map<string, number>();
  arrivals.set(name, seen);
  return new Promise((resolve, reject) => {
    fetch(`${base(server)}/api/events`, { headers: { Cookie: cookie, Accept: 'text/event-stream' }, signal: abort.signal })
      .then(async (response) => {
        if (response.status !== 200) return reject(new Error(`events ${response.status}`));
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        let opened = false;
        for (;;) {
          const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          if (!opened && buffer.includes(': connected')) {
            opened = true;
            resolve();
          }
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!block.includes('event: chat_message')) continue;
            const data = block.split('\n').find((l) => l.startsWith('data:'));
            if (data) {
              const { messageId } = JSON.parse(data.slice(5)) as { messageId: string };
              if (!seen.has(messageId)) seen.set(messageId, performance.now());
            }
          }
        }
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) reject(error as Error);
      });
  });
}

async function post(server: number, pathname: string, cookie: string, body: unknown, key?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: cookie, Origin: base(server) };
  if (key) headers['Idempotency-Key'] = key;
  return fetch(`${base(server)}${pathname}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function signUp(server: number, email: string) {
  const r = await post(server, '/api/auth/sign-up/email', '', { email, password: 'bench-password-1', name: email.split('@')[0] });
  if (r.status !== 200) throw new Error(`sign-up ${r.status}`);
  return { cookie: r.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '), id: ((await r.json()) as { user: { id: string } }).user.id };
}

/** Waits up to 5 s for `messageId` at `listener`; the latency from `startedAt`, or null when it never came. */
async function arrival(listener: string, messageId: string, startedAt: number): Promise<number | null> {
  const seen = arrivals.get(listener)!;
  for (let i = 0; i < 1000 && !seen.has(messageId); i++) await sleep(5);
  return seen.has(messageId) ? seen.get(messageId)! - startedAt : null;
}

function cpuReference(): number {
  const numbers = Array.from({ length: 300_000 }, () => Math.random());
  const started = performance.now();
  numbers.sort((a, b) => a - b);
  return performance.now() - started;
}

try {
  // Migrate once, then start both processes on the same database.
  const runtime = await startRuntime(loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDirs[0]!, LOG_LEVEL: 'silent' }), undefined, { logger: createLogger('silent') });
  const db = runtime.deps.db;
  for (const [i, port] of PORTS.entries()) {
    servers.push(
      spawn('node', ['--import', 'tsx', 'src/server/index.ts'], {
        env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, DATA_DIR: dataDirs[i]!, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '100000', SEED_DEMO_WORKER: 'false' },
        stdio: ['ignore', 'inherit', 'inherit'],
      }),
    );
  }
  for (const port of PORTS) {
    for (let i = 0; i < 120; i++) {
      if (await fetch(`http://localhost:${port}/api/health`).then((r) => r.ok).catch(() => false)) break;
      await sleep(500);
    }
  }

  const run = randomBytes(3).toString('hex');
  type Participant = { cookie: string; id: string; name: string; server: number };
  const admins: Participant[] = [];
  for (let i = 0; i < ADMINS; i++) {
    const account = await signUp(i, `bench-admin-${i}-${run}@example.com`);
    await db.insert(userRoles).values({ userId: account.id, role: 'admin' });
    admins.push({ ...account, name: `admin-${i}`, server: i % 2 });
  }
  const customers: (Participant & { conversationId: string })[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const account = await signUp(i, `bench-customer-${i}-${run}@example.com`);
    const started = await post(i, '/api/chats', account.cookie, {});
    const conversation = (await started.json()) as { id: string };
    customers.push({ ...account, name: `customer-${i}`, server: i % 2, conversationId: conversation.id });
  }
  await runtime.close();

  // 200 streams, half on each process.
  await Promise.all([...admins, ...customers].map((p) => listen(p.name, p.server, p.cookie)));
  console.log(`${arrivals.size} event streams open (${PORTS.length} server processes, one PostgreSQL)`);

  const customerToAdmin: number[] = [];
  const adminToCustomer: number[] = [];
  let lost = 0;
  // 1. One at a time: customer -> admin on the other process; admin reply -> customer.
  for (const [i, customer] of customers.entries()) {
    const startedAt = performance.now();
    const sent = await post(customer.server, `/api/chats/${customer.conversationId}/messages`, customer.cookie, { body: `Hello from ${customer.name}` }, `bench-customer-${i}-${run}`);
    const { id } = (await sent.json()) as { id: string };
    const watcher = admins.find((a) => a.server !== customer.server)!;
    const latency = await arrival(watcher.name, id, startedAt);
    if (latency === null) lost++;
    else customerToAdmin.push(latency);

    const admin = admins[i % ADMINS]!;
    const replyStarted = performance.now();
    const reply = await post(admin.server, `/api/chats/${customer.conversationId}/messages`, admin.cookie, { body: `Hi ${customer.name}, we are on it` }, `bench-admin-reply-${i}-${run}`);
    if (reply.status !== 201) throw new Error(`reply ${reply.status}: ${await reply.text()}`);
    const replyId = ((await reply.json()) as { id: string }).id;
    const replyLatency = await arrival(customer.name, replyId, replyStarted);
    if (replyLatency === null) lost++;
    else adminToCustomer.push(replyLatency);
    // an admin may send 30 a minute: 4 admins x 49 replies stay under it only if spread out
    if (i % (ADMINS * 25) === ADMINS * 25 - 1) await sleep(61_000);
  }

  // 2. A burst: every customer at once, 20 in flight; measured at an admin on the other process.
  const burst: number[] = [];
  let next = 0;
  const burstStarted = performance.now();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < customers.length) {
        const customer = customers[next++]!;
        const startedAt = performance.now();
        const sent = await post(customer.server, `/api/chats/${customer.conversationId}/messages`, customer.cookie, { body: 'Are you close?' }, `bench-burst-${customer.name}-${run}`);
        const { id } = (await sent.json()) as { id: string };
        const watcher = admins.find((a) => a.server !== customer.server)!;
        const latency = await arrival(watcher.name, id, startedAt);
        if (latency === null) lost++;
        else burst.push(latency);
      }
    }),
  );
  const burstSeconds = (performance.now() - burstStarted) / 1000;
  const reference = cpuReference();

  const line = (label: string, values: number[]) => console.log(`${label} (${values.length}): p50 ${percentile(values, 50).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms`);
  line('customer message -> admin stream on the other process', customerToAdmin);
  line('admin reply -> customer stream', adminToCustomer);
  line(`burst, 20 senders at once (${(burst.length / burstSeconds).toFixed(0)} messages/s)`, burst);
  console.log(`messages that never arrived: ${lost}; CPU reference (sort 300,000 numbers): ${reference.toFixed(1)} ms; load average ${os.loadavg()[0]!.toFixed(1)}`);
} finally {
  for (const stream of streams) stream.abort();
  for (const server of servers) server.kill('SIGTERM');
  await sleep(1000);
  pg?.stop();
}
process.exit(0);
