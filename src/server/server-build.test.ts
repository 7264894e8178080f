/**
 * The compiled server (issue #16, docs/decisions/034-compiled-server.md): what `npm start` and
 * `npm run user:create` run is dist-server/, bundled by scripts/build-server.mjs. This builds it
 * into a folder of its own (inside the repository, as the bundle reads its migrations, locales and
 * posts from there), then, on a fresh database (embedded PGlite in a new DATA_DIR, or a database
 * of its own on TEST_DATABASE_URL's server):
 * - the compiled CLI creates an admin (so it opens, migrates and seeds the database);
 * - the compiled server starts and answers /api/health, serves the web app's index for `/` and
 *   for an app route, its error bodies are translated (the locale files are found), the blog's
 *   posts are listed (content/blog is found), Scalar's script is served (a package file resolved
 *   from the bundle), and the CLI's admin can sign in.
 * Other API tests import the TypeScript sources; this one guards the build itself.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledEntry, createTestDatabase, freePort, spawnServer, type SpawnedServer } from './test/spawned-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const id = randomBytes(6).toString('hex');
const OUT = path.join(ROOT, '.tmp', `server-build-test-${id}`);
const WEB = path.join(os.tmpdir(), `handyman-build-web-${id}`);
const DATA_DIR = path.join(os.tmpdir(), `handyman-build-data-${id}`);
const MARKER = `compiled-server-index-${id}`;
const ADMIN = { email: `build-admin-${id}@example.com`, password: 'compiled-server-1' };
/** Generous: a fresh embedded database runs initdb and every migration on a busy 2-CPU machine. */
const READY_TIMEOUT_MS = 120_000;

let server: SpawnedServer | null = null;
let base = '';
let dropDatabase: (() => Promise<void>) | null = null;

async function freshDatabaseUrl(): Promise<string | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const database = await createTestDatabase(adminUrl, 'server_build');
  dropDatabase = database.drop;
  return database.url;
}

beforeAll(async () => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', OUT], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`scripts/build-server.mjs failed:\n${build.stdout}${build.stderr}`);
  fs.mkdirSync(WEB, { recursive: true });
  fs.writeFileSync(path.join(WEB, 'index.html'), `<!doctype html>\n<html lang="en">\n  <head>\n    <title>build</title>\n  </head>\n  <body><div id="root"></div><p>${MARKER}</p></body>\n</html>\n`);
  const port = await freePort();
  base = `http://localhost:${port}`;
  const env = { ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR, WEB_DIST_DIR: WEB, LOG_LEVEL: 'warn', DATABASE_URL: (await freshDatabaseUrl()) ?? '' };

  const cli = spawnSync(process.execPath, ['--enable-source-maps', path.join(OUT, 'user-create.js'), '--email', ADMIN.email, '--password', ADMIN.password, '--role', 'admin', '--name', 'Build Admin'], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: READY_TIMEOUT_MS,
  });
  if (cli.status !== 0) throw new Error(`the compiled user-create exited with ${cli.status}:\n${cli.stdout}${cli.stderr}`);

  server = spawnServer({ name: 'the compiled server', env, port, baseHost: 'localhost', entry: compiledEntry(OUT) });
  await server.waitUntilReady(READY_TIMEOUT_MS);
}, READY_TIMEOUT_MS * 2 + 60_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await server.kill();
  }
  await dropDatabase?.();
  for (const dir of [OUT, WEB, DATA_DIR]) fs.rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('the compiled server (dist-server)', () => {
  it('answers /api/health with the database up', async () => {
    const response = await fetch(`${base}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves the built index for / and for an app route, with the page head', async () => {
    for (const page of ['/', '/book/tv-installation']) {
      const response = await fetch(`${base}${page}`);
      expect(response.status, page).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const html = await response.text();
      expect(html).toContain(MARKER);
      expect(html).toMatch(/<link rel="canonical"/);
    }
  });

  it('answers errors in Spanish from the locale files', async () => {
    const response = await fetch(`${base}/api/no-such-route`, { headers: { 'Accept-Language': 'es' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'route_not_found', message: 'No existe esa ruta de la API.' });
  });

  it("lists the blog's posts from content/blog", async () => {
    const response = await fetch(`${base}/api/blog?lang=en`);
    expect(response.status).toBe(200);
    const slugs = new Set(fs.readdirSync(path.join(ROOT, 'content', 'blog')).map((file) => file.split('.')[0]));
    const body = await response.json();
    expect(body.posts.length).toBeGreaterThan(0);
    for (const post of body.posts) expect(slugs).toContain(post.slug);
  });

  it("serves the API reference's script from node_modules", async () => {
    const response = await fetch(`${base}/api/docs/scalar.js`);
    expect(response.status).toBe(200);
    expect((await response.text()).length).toBeGreaterThan(100_000);
  });

  it('lets the admin made by the compiled CLI sign in', async () => {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: base },
      body: JSON.stringify(ADMIN),
    });
    expect(response.status).toBe(200);
    const session = await fetch(`${base}/api/auth/get-session`, { headers: { cookie: response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') } });
    expect((await session.json()).user.email).toBe(ADMIN.email);
  });
});
