/**
 * Two app instances on one PostgreSQL database, as two server processes behind a load balancer
 * (issue #16): each its own runtime (its own connection pool, LISTEN connection and locks), the
 * same config (one DATA_DIR, unless `separateDataDirs`) and one pinned clock. PostgreSQL only (TEST_DATABASE_URL): the embedded database
 * belongs to one process. A fresh database is created and dropped by `close()`.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createApp } from '../app';
import { startRuntime, type Runtime } from '../bootstrap';
import { loadConfig, type Config } from '../config';
import { createLogger } from '../lib/logger';

export interface Instance {
  runtime: Runtime;
  app: ReturnType<typeof createApp>;
  /** Calls this instance like a browser on our origin would. */
  request(pathname: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
}

export interface TwoInstances {
  a: Instance;
  b: Instance;
  config: Config;
  /** The database's URL (for a lock of one's own, or a third client). */
  url: string;
  setNow(next: Date): void;
  close(): Promise<void>;
}

/**
 * @param env extra environment of both instances (limits, TRUST_PROXY, S3_* ...)
 * @param separateDataDirs each instance its own DATA_DIR (as two machines without a shared disk); default: one shared
 * @throws when TEST_DATABASE_URL is not set
 */
export async function startTwoInstances(options: { now: Date; env?: Record<string, string>; separateDataDirs?: boolean }): Promise<TwoInstances> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('two app instances need a PostgreSQL server (TEST_DATABASE_URL)');
  const name = `multi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const configFor = () => {
    const dataDir = path.join(os.tmpdir(), `handyman-multi-${randomBytes(6).toString('hex')}`);
    return loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', AUTH_RATE_LIMIT_MAX: '1000', ...options.env });
  };
  const config = configFor();
  let clock = options.now;

  const started: Runtime[] = [];
  async function instance(own: Config): Promise<Instance> {
    const runtime = await startRuntime(own, { url: url.toString() }, { logger: createLogger('silent'), now: () => clock });
    started.push(runtime);
    const app = createApp(runtime.deps);
    return {
      runtime,
      app,
      request(pathname, init = {}) {
        const headers = new Headers(init.headers);
        headers.set('Origin', config.publicUrl);
        if (init.cookie) headers.set('Cookie', init.cookie);
        let body = init.body;
        if (init.json !== undefined) {
          headers.set('Content-Type', 'application/json');
          body = JSON.stringify(init.json);
        }
        return Promise.resolve(app.request(pathname, { ...init, headers, body }));
      },
    };
  }

  // Started together, as processes coming up at once: the startup lock lets one migrate at a time.
  const [a, b] = await Promise.all([instance(config), instance(options.separateDataDirs ? configFor() : config)]);
  return {
    a: a!,
    b: b!,
    config,
    url: url.toString(),
    setNow: (next) => {
      clock = next;
    },
    close: async () => {
      for (const runtime of started) await runtime.close().catch(() => {});
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
