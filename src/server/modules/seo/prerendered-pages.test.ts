/**
 * Issue #16: the server answers a public page with its prerendered HTML in the visitor's language
 * (`?lang=`, else the `lang` cookie, else English), the head in that same language, and every other
 * page with the plain index.html; the prerendered files are never served bare.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { userRoles } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

const BASE = 'https://book.example.com';
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** What the build would write for a page: the index.html with a marked heading in the root. */
const PAGES: Record<string, string> = {
  'en/index.html': 'Home, prerendered in English',
  'es/index.html': 'Inicio, prerenderizado en español',
  'en/terms.html': 'Terms, prerendered',
  'es/terms.html': 'Términos, prerenderizados',
  'en/blog.html': 'Blog, first page',
  'en/book/painting.html': 'Book painting, prerendered',
};

describe(`prerendered public pages (${databaseKind})`, () => {
  let t: TestApp;
  let dist: string;
  let web: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: `${BASE}/` } });
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-prerender-dist-'));
    const template = fs.readFileSync(path.join(repositoryRoot, 'index.html'), 'utf8').replace('/src/web/main.tsx', '/assets/index-TEST.js');
    fs.writeFileSync(path.join(dist, 'index.html'), template);
    for (const [file, heading] of Object.entries(PAGES)) {
      const language = file.slice(0, 2);
      fs.mkdirSync(path.dirname(path.join(dist, 'prerendered', file)), { recursive: true });
      fs.writeFileSync(path.join(dist, 'prerendered', file), template.replace('<div id="root"></div>', `<div id="root" data-prerendered="${language}"><h1>${heading}</h1></div>`));
    }
    web = createApp(t.deps, { staticRoot: dist });
  });
  afterAll(async () => {
    await t?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  async function open(url: string, cookie?: string) {
    const response = await web.request(url, { headers: cookie ? { Cookie: cookie } : {} });
    const { document } = new JSDOM(await response.text()).window;
    return {
      status: response.status,
      vary: response.headers.get('vary'),
      heading: document.querySelector('#root h1')?.textContent ?? null,
      prerendered: document.getElementById('root')?.getAttribute('data-prerendered') ?? null,
      language: document.documentElement.lang,
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      title: document.title,
    };
  }

  it('answers the home page with its English HTML and English head by default', async () => {
    const page = await open('/');
    expect(page).toMatchObject({ status: 200, heading: PAGES['en/index.html'], prerendered: 'en', language: 'en', canonical: `${BASE}/` });
    expect(page.vary).toMatch(/cookie/i);
  });

  it("answers in Spanish for ?lang=es, and for a visitor whose cookie chose Spanish, with the Spanish page's head", async () => {
    const asked = await open('/?lang=es');
    expect(asked).toMatchObject({ heading: PAGES['es/index.html'], prerendered: 'es', language: 'es', canonical: `${BASE}/?lang=es` });
    const remembered = await open('/terms', 'lang=es');
    expect(remembered).toMatchObject({ heading: PAGES['es/terms.html'], prerendered: 'es', language: 'es', canonical: `${BASE}/terms?lang=es` });
    expect(remembered.title).toMatch(/Términos/);
  });

  it('lets the link ask for English over a Spanish cookie', async () => {
    expect(await open('/terms?lang=en', 'lang=es')).toMatchObject({ heading: PAGES['en/terms.html'], language: 'en', canonical: `${BASE}/terms` });
  });

  it("answers both booking addresses of a service with that service's page", async () => {
    for (const url of ['/book/painting', '/services/painting/book']) expect(await open(url)).toMatchObject({ status: 200, heading: PAGES['en/book/painting.html'] });
  });

  it('answers pages it has no HTML for with the plain app: later blog pages, a language not prerendered, app pages, unknown pages (404)', async () => {
    expect(await open('/blog')).toMatchObject({ heading: PAGES['en/blog.html'] });
    expect(await open('/blog?page=2')).toMatchObject({ heading: null, prerendered: null });
    expect(await open('/book/painting?lang=es')).toMatchObject({ heading: null, prerendered: null, language: 'es' });
    expect(await open('/my-bookings')).toMatchObject({ status: 200, heading: null, prerendered: null });
    expect(await open('/no-such-page')).toMatchObject({ status: 404, heading: null, prerendered: null });
  });

  it("fetches the app's code at low priority on a prerendered page only: its content shows without it", async () => {
    const scriptOf = async (url: string) => {
      const { document } = new JSDOM(await (await web.request(url)).text()).window;
      return document.querySelector('script[type="module"]')!.getAttribute('fetchpriority');
    };
    expect(await scriptOf('/terms')).toBe('low');
    expect(await scriptOf('/my-bookings')).toBeNull();
  });

  it("carries the public settings in every page, as GET /api/settings/public answers them, and an admin's save in the next page", async () => {
    const settingsIn = async (url: string) => {
      const { document } = new JSDOM(await (await web.request(url)).text()).window;
      return JSON.parse(document.getElementById('public-settings')?.textContent ?? 'null');
    };
    const answer = async () => (await t.request('/api/settings/public')).json();
    expect(await settingsIn('/')).toEqual(await answer());
    expect(await settingsIn('/my-bookings')).toEqual(await answer());

    const admin = await t.signUp('page-settings-admin@example.com', { name: 'Ana Admin' });
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const saved = await t.request('/api/admin/settings/support', { method: 'PUT', cookie: admin.cookie, json: { version: 0, value: { phone: '(813) 555-0199', email: 'help@tampa.example' } } });
    expect(saved.status).toBe(200);
    expect(await settingsIn('/terms')).toMatchObject({ supportPhone: '+18135550199' });
    expect(await settingsIn('/terms')).toEqual(await answer());
  });

  it('never serves the prerendered files themselves', async () => {
    for (const url of ['/prerendered/en/index.html', '/prerendered/es/terms.html']) {
      const page = await open(url);
      expect(page.status).toBe(404);
      expect(page.heading).toBeNull();
    }
  });
});
