/** Fixtures of the error log tests: a test app with an admin and two customers, and a way to log an entry. */
import { userRoles } from '../../../db/schema';
import { createTestApp, type TestAppOptions, type TestApp } from '../../../test/test-app';

export interface Account {
  cookie: string;
  userId: string;
  email: string;
}

export interface ErrorLogFixture {
  t: TestApp;
  admin: Account;
  alice: Account;
  bob: Account;
}

/** A test app (rate limit raised unless the test sets one) with an admin, Alice and Bob. */
export async function errorLogFixture(options: TestAppOptions = {}): Promise<ErrorLogFixture> {
  const t = await createTestApp({ ...options, env: { ERROR_LOG_RATE_LIMIT_MAX: '100000', ...options.env } });
  const admin = await t.signUp('admin@example.com', { name: 'Ada Admin' });
  const alice = await t.signUp('alice@example.com', { name: 'Alice Customer' });
  const bob = await t.signUp('bob@example.com', { name: 'Bob Customer' });
  await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  return { t, admin, alice, bob };
}

/** `POST /api/errors` as `cookie` (a visitor without); answers the response. */
export function postError(t: TestApp, body: unknown, init: { cookie?: string; headers?: Record<string, string> } = {}) {
  return t.request('/api/errors', { method: 'POST', cookie: init.cookie, headers: init.headers, json: body });
}

/** `POST /api/errors` that must succeed; answers `{ id, fingerprint }`. */
export async function logged(t: TestApp, body: unknown, cookie?: string): Promise<{ id: string; fingerprint: string }> {
  const response = await postError(t, body, { cookie });
  if (response.status !== 201) throw new Error(`log failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string; fingerprint: string };
}

/** GET as `cookie`; must answer 200. */
export async function read<T = any>(t: TestApp, path: string, cookie: string): Promise<T> {
  const response = await t.request(path, { cookie });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A browser-like stack whose first in-app frame is `fn` in the booking page's chunk, at `line`. */
export const stackAt = (fn: string, line: number) =>
  `TypeError: boom\n    at ${fn} (https://book.example.com/assets/booking-page-Dx81_aQz.js:${line}:17)\n    at x (https://book.example.com/node_modules/react-dom/index.js:1:1)`;
