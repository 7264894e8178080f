/**
 * The server's side of the error log (issue #11): every 5xx and every failed background job is
 * written to error_logs with the request id (a request) or the job's name (a job), money jobs as
 * critical; recording never turns into a second failure. Both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createLogger } from '../../lib/logger';
import { createMailer } from '../../mail/mailer';
import type { PaymentGateway } from '../../payments/gateway';
import { runScheduledJobs } from '../../scheduled-jobs';
import { databaseKind } from '../../test/test-app';
import { recordServerError } from './server-errors';
import { errorLogFixture, read, type ErrorLogFixture } from './testing/error-fixtures';

const NOW = new Date('2026-11-21T15:00:00Z');

interface Entry {
  id: string;
  severity: string;
  source: string;
  error_type: string;
  error_message: string;
  context: Record<string, unknown> | null;
  user_id: string | null;
}

describe(`server errors in the error log (${databaseKind})`, () => {
  let f: ErrorLogFixture;
  beforeAll(async () => {
    f = await errorLogFixture({ now: NOW });
  });
  afterAll(() => f?.t.close());

  const serverEntries = async (): Promise<Entry[]> => {
    const { entries } = await read(f.t, '/api/admin/errors', f.admin.cookie);
    const server = entries.filter((e: { source: string }) => e.source === 'server');
    return Promise.all(server.map((e: { id: string }) => read<Entry>(f.t, `/api/admin/errors/${e.id}`, f.admin.cookie)));
  };

  it('records a 5xx with the request id, method, path, status and the signed-in user, and answers without internals', async () => {
    // a broken table makes the saved-addresses route fail the way a real outage would
    await f.t.deps.db.execute(sql`alter table saved_addresses rename to saved_addresses_gone`);
    try {
      const response = await f.t.request('/api/account/addresses', { cookie: f.alice.cookie });
      expect(response.status).toBe(500);
      const requestId = response.headers.get('X-Request-Id');
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      const body = await response.text();
      expect(JSON.parse(body)).toMatchObject({ code: 'internal_error' });
      expect(body).not.toContain('saved_addresses');

      const [entry] = await serverEntries();
      expect(entry).toMatchObject({ severity: 'error', source: 'server', user_id: f.alice.userId, context: { requestId, method: 'GET', path: '/api/account/addresses', status: 500 } });
      expect(entry!.error_message).toContain('saved_addresses');
    } finally {
      await f.t.deps.db.execute(sql`alter table saved_addresses_gone rename to saved_addresses`);
    }
  });

  it('records failed background jobs: payment jobs and reconciliation as critical, upload cleanup, chat emails and reminders as error', async () => {
    const db = f.t.deps.db;
    // reads and transactions fail (a dropped connection); writes through log_error still work
    const brokenReads = new Proxy(db, {
      get(target, property) {
        if (property === 'select' || property === 'transaction') return () => { throw new Error('Connection terminated unexpectedly'); };
        const value = Reflect.get(target, property) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    }) as Database;
    const gatewayDown = new Proxy(f.t.deps.gateway, {
      get(target, property) {
        if (property === 'listPaymentsSince') return async () => { throw new Error('gateway unreachable: ETIMEDOUT'); };
        return Reflect.get(target, property);
      },
    }) as PaymentGateway;

    await runScheduledJobs({ ...f.t.deps, db: brokenReads, gateway: gatewayDown });

    const entries = (await serverEntries()).filter((e) => e.context?.job);
    const byJob = Object.fromEntries(entries.map((e) => [e.context!.job as string, e]));
    expect(Object.keys(byJob).sort()).toEqual(['chat_fallback_emails', 'payment_jobs', 'reconciliation', 'reminders', 'upload_cleanup']);
    expect(byJob.payment_jobs).toMatchObject({ severity: 'critical', error_message: 'Connection terminated unexpectedly', user_id: null });
    expect(byJob.reconciliation).toMatchObject({ severity: 'critical', error_message: 'gateway unreachable: ETIMEDOUT' });
    expect(byJob.upload_cleanup).toMatchObject({ severity: 'error' });
    expect(byJob.chat_fallback_emails).toMatchObject({ severity: 'error' });
    expect(byJob.reminders).toMatchObject({ severity: 'error' });
  });

  it('records mail that could not be sent, without the recipient', async () => {
    const mailer = createMailer(f.t.deps.db, { smtpUrl: null, from: 'x@example.com', operationsEmail: 'ops@example.com' }, createLogger('silent'), {
      sendMail: async () => {
        throw new Error('421 4.7.0 Try again later');
      },
      close: () => {},
    });
    const outcome = await mailer.send({ to: 'carla@example.com', subject: 'Hi', text: 'Hello', template: 'test_mail', language: 'en' } as never);
    expect(outcome.status).toBe('failed');
    const entry = (await serverEntries()).find((e) => e.context?.job === 'mail');
    expect(entry).toMatchObject({ severity: 'error', error_message: '421 4.7.0 Try again later', context: { job: 'mail', template: 'test_mail' } });
    expect(JSON.stringify(entry)).not.toContain('carla@example.com');
  });

  it('never throws, even when the database cannot take the entry', async () => {
    const broken = { execute: async () => { throw new Error('database is closed'); } } as unknown as Database;
    await expect(recordServerError({ db: broken, logger: createLogger('silent') }, { error: new Error('x') })).resolves.toBeNull();
  });
});
