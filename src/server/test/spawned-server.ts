/**
 * The real server as a process of its own, for the tests that need one rather than the app in
 * process: the crash test (crash-safety.test.ts, issue #10: killed with SIGKILL mid-burst and
 * started again on the same data), the two processes on one PostgreSQL (two-processes.test.ts,
 * issue #16) and the compiled server (server-build.test.ts, issue #16). It starts
 * `node --import tsx src/server/index.ts` (or a compiled entry) from the repository's root with
 * the test's environment over this one's, keeps what the process prints for failure messages,
 * and waits for GET /api/health. It also creates a fresh database on the PostgreSQL server of
 * TEST_DATABASE_URL. Cleanup is the caller's: each test registers `kill()` and `drop()` where it
 * keeps its other cleanups.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Environment that keeps a spawned server off real outside services, whatever this machine's
 * environment says: test-mode payments (the simulated gateway), mail to the dev outbox, no SMS.
 */
export const NO_OUTSIDE_SERVICES_ENV = {
  STRIPE_SECRET_KEY: '',
  VITE_STRIPE_PUBLISHABLE_KEY: '',
  SMTP_URL: '',
  TWILIO_ACCOUNT_SID: '',
  TWILIO_AUTH_TOKEN: '',
  TWILIO_FROM_NUMBER: '',
} as const;

/** Node's arguments for the TypeScript sources, run with tsx (what `npm run dev` runs, without the watch). */
export const TSX_ENTRY: readonly string[] = ['--import', 'tsx', 'src/server/index.ts'];

/** Node's arguments for a compiled server: `dir` is dist-server/ or a test's own build (scripts/build-server.mjs). */
export function compiledEntry(dir: string): string[] {
  return ['--enable-source-maps', path.join(dir, 'index.js')];
}

/** A TCP port free on 127.0.0.1 at the moment of the call. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface SpawnedServer {
  /** How failure messages name it ("the server", "server A"). */
  name: string;
  /** `http://<baseHost>:<port>`, without a trailing slash. */
  base: string;
  child: ChildProcess;
  /** Everything it has printed so far, stdout and stderr interleaved. */
  output(): string;
  /** Resolves when the process exits, however it does. */
  exited: Promise<ServerExit>;
  /**
   * Polls GET `${base}/api/health` every 100 ms (each try given 2 s) until it answers 200.
   * @param timeoutMs how long to wait in all (ms)
   * @throws at once when the process exits before it is ready, or after `timeoutMs`; both with its output
   */
  waitUntilReady(timeoutMs: number): Promise<void>;
  /**
   * Stops it as an operator would (SIGTERM) and waits for the exit.
   * @throws unless it exits with code 0 or by SIGTERM; with its output
   */
  stop(): Promise<void>;
  /** SIGKILL and wait for the exit; nothing when it has already exited. Never throws: for cleanups. */
  kill(): Promise<void>;
}

/**
 * Starts the server. Nothing is waited for: call `waitUntilReady`.
 * @param options.name how failure messages name it; default "the server"
 * @param options.env the server's environment over this process's (`{ ...process.env, ...env }`), PORT set from `port`
 * @param options.port the port it listens on (see `freePort`)
 * @param options.baseHost the host of `base`; default 127.0.0.1 (the server's own HOST comes from `env`)
 * @param options.entry Node's arguments; default `TSX_ENTRY`, or `compiledEntry(dir)`. Run from the repository's root.
 */
export function spawnServer(options: { name?: string; env: Record<string, string | undefined>; port: number; baseHost?: string; entry?: readonly string[] }): SpawnedServer {
  const { name = 'the server', env, port, baseHost = '127.0.0.1', entry = TSX_ENTRY } = options;
  const base = `http://${baseHost}:${port}`;
  const child = spawn(process.execPath, [...entry], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<ServerExit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  async function waitUntilReady(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let exit: ServerExit | null = null;
    void exited.then((e) => (exit = e));
    for (;;) {
      if (exit) throw new Error(`${name} exited (${JSON.stringify(exit)}) before it was ready:\n${output}`);
      try {
        const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`${name} was not ready after ${timeoutMs} ms:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function stop(): Promise<void> {
    child.kill('SIGTERM');
    const { code, signal } = await exited;
    if (code !== 0 && signal !== 'SIGTERM') throw new Error(`${name} did not stop cleanly (${code} ${signal}):\n${output}`);
  }

  async function kill(): Promise<void> {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }

  return { name, base, child, output: () => output, exited, waitUntilReady, stop, kill };
}

export interface TestDatabase {
  /** The new database's URL: the admin URL with its path replaced. */
  url: string;
  /** Drops it, closing the connections still open to it (`with (force)`, PostgreSQL 13+). */
  drop(): Promise<void>;
}

async function runAs(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database `<prefix>_<12 hex digits>` on the PostgreSQL server of `adminUrl`
 * (TEST_DATABASE_URL). The caller registers `drop()` with its cleanups.
 * @param prefix a lowercase SQL identifier ("crash_test")
 * @throws when the server cannot be reached or refuses `create database`
 */
export async function createTestDatabase(adminUrl: string, prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await runAs(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runAs(adminUrl, `drop database if exists ${name} with (force)`) };
}
