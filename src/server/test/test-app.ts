/**
 * Builds the real app for API tests: the same createApp and runtime as production, on a fresh
 * database — in-memory PGlite (loaded from the run's migrated image: ./pglite-template.ts), or
 * a new database on the PostgreSQL server of TEST_DATABASE_URL (created per test file and
 * dropped afterwards). The clock can be pinned.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../app';
import { startRuntime } from '../bootstrap';
import { loadConfig } from '../config';
import { createLogger } from '../lib/logger';
import { user } from '../db/schema';
import { makeWorker } from '../modules/workers/worker-defaults';
import type { ServiceSlug } from '../../domain/services';

export const databaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

async function createPostgresDatabase(adminUrl: string) {
  const name = `app_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

let templateImage: Blob | null = null;
/** The migrated database image from the global setup (./pglite-template.ts), read once per file; none outside vitest. */
function pgliteTemplate(): Blob | undefined {
  // Benches (bench/payment-lifecycles.ts) build test apps outside vitest: no template there.
  if (!process.env.VITEST) return undefined;
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  templateImage ??= new Blob([fs.readFileSync(file)]);
  return templateImage;
}

export interface TestAppOptions {
  now?: Date;
  env?: Record<string, string>;
}

export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = path.join(os.tmpdir(), `handyman-test-${randomBytes(6).toString('hex')}`);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000', ...options.env });
  const pgDb = process.env.TEST_DATABASE_URL ? await createPostgresDatabase(process.env.TEST_DATABASE_URL) : null;
  let clock = options.now ?? new Date();
  const runtime = await startRuntime(config, pgDb ? { url: pgDb.url } : { dir: 'memory://', loadDataDir: pgliteTemplate() }, {
    logger: createLogger('silent'),
    now: () => clock,
  });
  const app = createApp(runtime.deps);
  const origin = config.publicUrl;

  /** Calls the app like a browser on our origin would. */
  async function request(pathname: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
    const headers = new Headers(init.headers);
    headers.set('Origin', origin);
    if (init.cookie) headers.set('Cookie', init.cookie);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return app.request(pathname, { ...init, headers, body });
  }

  /** Signs up a new customer and returns their session cookie and id. */
  async function signUp(email = `user-${randomBytes(4).toString('hex')}@example.com`, extra: Record<string, unknown> = {}) {
    const response = await request('/api/auth/sign-up/email', { method: 'POST', json: { email, password: 'correct-horse-9', name: 'Test Customer', ...extra } });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const cookie = sessionCookie(response);
    const body = (await response.json()) as { user: { id: string } };
    return { cookie, userId: body.user.id, email };
  }

  /**
   * Adds workers (no password: they don't sign in) with all skills, or those given, and the
   * business hours every day. Returns their ids.
   */
  async function addWorkers(count: number, options: { skills?: ServiceSlug[] } = {}): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const id = `worker-${randomBytes(6).toString('hex')}`;
      await runtime.deps.db.insert(user).values({ id, name: `Worker ${i + 1}`, email: `${id}@example.com` });
      await makeWorker(runtime.deps.db, id, options);
      ids.push(id);
    }
    return ids;
  }

  return {
    app,
    addWorkers,
    deps: runtime.deps,
    config,
    request,
    signUp,
    setNow: (next: Date) => {
      clock = next;
    },
    close: async () => {
      await runtime.close();
      await pgDb?.drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function sessionCookie(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
