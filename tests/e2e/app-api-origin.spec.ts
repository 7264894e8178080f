import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { bookTvByApi } from './support/api-booking';

/**
 * Issue #15, docs/decisions/025-mobile-apps-reach-the-api.md: the customer app's pages come from
 * one origin and the API lives on another. This spec builds the customer app as
 * `npm run build:app:user` would (VITE_API_BASE_URL baked in, plus the app-context override so
 * the page runs "inside the container"), serves it from http://localhost:<app port> with a tiny
 * static server, and starts its own API server on http://localhost:<api port> with
 * MOBILE_APP_ORIGINS=true and the app's origin in TRUSTED_ORIGINS. Every call is cross-origin,
 * answered with CORS and sent with credentials; the live stream opens with a ticket. The two
 * origins are the same site: the browser here (Chromium 156) drops third-party cookies from page
 * fetches, which in the real apps go through Capacitor's native HTTP instead — a layer no
 * browser test can run (the API tests cover the SameSite=None cookie from the apps' origins).
 */

const ROOT = process.cwd();
const CUSTOMER_PASSWORD = 'app-origin-password-1';

let apiServer: ChildProcess | null = null;
let appServer: http.Server | null = null;
let apiOrigin = '';
let appOrigin = '';
let api: APIRequestContext | null = null;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'app-api-origin-'));
const distDir = path.join(workDir, 'dist');

/** A port nobody listens on right now (the OS picks it). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${output}`))));
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** Serves the app build like the app container does: files as they are, any other path is index.html. */
function serveApp(root: string): http.Server {
  return http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://app').pathname);
    let file = path.join(root, path.normalize(pathname));
    if (!file.startsWith(root) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
}

async function waitForHealth(origin: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the API server exited ${server.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the API server did not answer /api/health:\n${output()}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  testInfo.setTimeout(420_000);
  const apiPort = await freePort();
  apiOrigin = `http://localhost:${apiPort}`;

  appServer = serveApp(distDir);
  await new Promise<void>((resolve) => appServer!.listen(0, resolve));
  appOrigin = `http://localhost:${(appServer.address() as net.AddressInfo).port}`;

  const { DATABASE_URL: _ignored, ...env } = process.env;
  await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir, '--emptyOutDir'], {
    ...env,
    VITE_APP_VARIANT: 'user',
    VITE_APP_CONTEXT_OVERRIDE: 'true',
    VITE_API_BASE_URL: apiOrigin,
  });

  let output = '';
  apiServer = spawn(process.execPath, ['dist-server/index.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(apiPort),
      PUBLIC_URL: apiOrigin,
      DATA_DIR: path.join(workDir, 'data'),
      WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      SEED_DEMO_WORKER: 'true',
      MOBILE_APP_ORIGINS: 'true',
      TRUSTED_ORIGINS: appOrigin,
    },
  });
  apiServer.stdout!.on('data', (chunk) => (output += chunk));
  apiServer.stderr!.on('data', (chunk) => (output += chunk));
  await waitForHealth(apiOrigin, apiServer, () => output);
  api = await playwrightRequest.newContext({ baseURL: apiOrigin });
});

test.afterAll(async () => {
  await api?.dispose();
  apiServer?.kill('SIGTERM');
  await new Promise<void>((resolve) => (appServer ? appServer.close(() => resolve()) : resolve()));
  fs.rmSync(workDir, { recursive: true, force: true });
});

test('the customer app on its own origin signs in and shows My Bookings from the API on another origin', async ({ page, context }) => {
  // A customer with a booking, made on the API directly.
  const email = `app-origin-${Date.now()}@example.com`;
  const signUp = await api!.post('/api/auth/sign-up/email', { data: { email, password: CUSTOMER_PASSWORD, name: 'Ana Origin', termsAccepted: true }, headers: { Origin: apiOrigin } });
  expect(signUp.ok(), await signUp.text()).toBe(true);
  const booking = await bookTvByApi(api!, apiOrigin, { dayIndex: 1, keyPrefix: 'app-origin' });

  await context.addInitScript(() => {
    window.__APP_CONTEXT__ = 'native';
  });
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/')) apiCalls.push(request.url());
  });

  await page.goto(`${appOrigin}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(CUSTOMER_PASSWORD);
  const signedIn = page.waitForResponse((response) => response.url() === `${apiOrigin}/api/auth/sign-in/email`);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const signInResponse = await signedIn;
  expect(signInResponse.status()).toBe(200);
  expect(await signInResponse.headerValue('access-control-allow-origin')).toBe(appOrigin);
  expect(await signInResponse.headerValue('set-cookie')).toMatch(/SameSite=None/i);
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();

  // The live stream is on the API's origin too, opened with a ticket (the WebView may withhold the cookie).
  const stream = page.waitForResponse((response) => response.url().startsWith(`${apiOrigin}/api/events?ticket=`));
  await page.goto(`${appOrigin}/my-bookings`);
  await expect(page.getByRole('heading', { level: 1, name: 'My Bookings' })).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: booking.reference })).toBeVisible();
  expect((await stream).status()).toBe(200);

  // Every API call went to the API's origin; none to the app's own.
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.filter((url) => !url.startsWith(`${apiOrigin}/api/`))).toEqual([]);
  expect(page.url()).toBe(`${appOrigin}/my-bookings`);
});
