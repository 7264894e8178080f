/**
 * Issue #16: a public page is served with `<link rel="modulepreload">` for its own chunks (its
 * lazy page module, the message files its route loads, their imports), from the build's
 * manifest, never repeating what the entry already loads; and the page modules named here are
 * the ones the web's route table really loads.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_PAGES, sitePageOf, type SitePage } from '../../../domain/site-pages';
import { createApp } from '../../app';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { modulePreloadsFor, pageModulesOf, withModulePreloads, type BuildManifest } from './route-preloads';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A build's manifest as Vite writes it: the entry shares react with the pages; the booking page has its own chunks. */
const MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-E.js', imports: ['_react-R.js'] },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_card-C.js': { file: 'assets/card-C.js', imports: ['_react-R.js'] },
  'src/web/features/home/pages/home-page.tsx': { file: 'assets/home-page-H.js', imports: ['_react-R.js', '_card-C.js'] },
  'src/web/features/booking/pages/booking-page.tsx': { file: 'assets/booking-page-B.js', imports: ['_card-C.js', '_flow-F.js'] },
  '_flow-F.js': { file: 'assets/flow-F.js', imports: ['_card-C.js'] },
  'src/web/locales/en/booking.json': { file: 'assets/booking-L.js' },
};

describe('the route preloads of a page', () => {
  it('are the page chunks and their imports, once each, without what the entry loads', () => {
    expect(modulePreloadsFor(MANIFEST, { kind: 'booking', service: 'tv-installation' }).sort()).toEqual(
      ['/assets/booking-L.js', '/assets/booking-page-B.js', '/assets/card-C.js', '/assets/flow-F.js'].sort(),
    );
    expect(modulePreloadsFor(MANIFEST, { kind: 'home' }).sort()).toEqual(['/assets/card-C.js', '/assets/home-page-H.js']);
  });

  it('are none for app pages, unknown pages, or modules the build does not have', () => {
    expect(modulePreloadsFor(MANIFEST, { kind: 'app' })).toEqual([]);
    expect(modulePreloadsFor(MANIFEST, { kind: 'not-found' })).toEqual([]);
    expect(modulePreloadsFor(MANIFEST, { kind: 'blog' })).toEqual([]);
  });

  it('are written before </head> as crossorigin modulepreload links', () => {
    const html = withModulePreloads('<html><head><title>x</title>\n  </head><body></body></html>', ['/assets/a.js', '/assets/b.js']);
    const links = [...new JSDOM(html).window.document.querySelectorAll('head link[rel="modulepreload"]')];
    expect(links.map((l) => [l.getAttribute('href'), l.hasAttribute('crossorigin')])).toEqual([
      ['/assets/a.js', true],
      ['/assets/b.js', true],
    ]);
    expect(withModulePreloads('<html></html>', [])).toBe('<html></html>');
  });

  it("name the modules src/web/app/page-routes.tsx loads lazily for each public page, with that route's message files", () => {
    const pageRoutes = fs.readFileSync(path.join(repositoryRoot, 'src/web/app/page-routes.tsx'), 'utf8');
    const i18nSource = fs.readFileSync(path.join(repositoryRoot, 'src/web/lib/i18n.ts'), 'utf8');
    const appFiles = [...(i18nSource.match(/APP_MESSAGE_FILES = \[([^\]]*)\]/)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]!);
    const pages: SitePage[] = [
      { kind: 'home' },
      { kind: 'booking', service: 'painting' },
      { kind: 'blog' },
      { kind: 'blog-post', slug: 'x' },
      ...POLICY_PAGES.map((page) => ({ kind: 'policy' as const, page })),
    ];
    for (const page of pages) {
      const [module, ...messageFiles] = pageModulesOf(page);
      const importPath = `@/${module!.replace(/^src\//, '').replace(/\.tsx$/, '')}`;
      const line = pageRoutes.split('\n').find((text) => text.includes(`import('${importPath}')`));
      expect(line, `page-routes.tsx imports ${importPath}`).toBeDefined();
      const loaded = [...(line!.match(/withMessages\((\[[^\]]*\]|'[^']*')/)?.[1] ?? '').matchAll(/'([^']+)'/g)].flatMap((m) => (m[1] === 'app' ? appFiles : [m[1]!])).map((name) => `src/web/locales/en/${name}.json`);
      expect(messageFiles.sort(), `${page.kind} messages`).toEqual(loaded.sort());
      expect(fs.existsSync(path.join(repositoryRoot, module!)), module).toBe(true);
    }
  });
});

describe(`pages served with their route preloads (${databaseKind})`, () => {
  let t: TestApp;
  let dist: string;
  let web: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await createTestApp();
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-preload-dist-'));
    const template = fs.readFileSync(path.join(repositoryRoot, 'index.html'), 'utf8').replace('/src/web/main.tsx', '/assets/index-E.js');
    fs.writeFileSync(path.join(dist, 'index.html'), template);
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    web = createApp(t.deps, { staticRoot: dist });
  });
  afterAll(async () => {
    await t?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  const preloadsOf = async (url: string) => {
    const response = await web.request(url);
    const { document } = new JSDOM(await response.text()).window;
    return { status: response.status, hrefs: [...document.querySelectorAll('head link[rel="modulepreload"]')].map((l) => l.getAttribute('href')) };
  };

  it('preloads the booking page, its flow and its messages on /book/{slug}, and the home page on /', async () => {
    const booking = await preloadsOf('/book/tv-installation?lang=es');
    expect(booking.status).toBe(200);
    expect(booking.hrefs.sort()).toEqual(modulePreloadsFor(MANIFEST, sitePageOf('/book/tv-installation')).sort());
    expect(booking.hrefs).toContain('/assets/booking-page-B.js');
    expect((await preloadsOf('/')).hrefs).toContain('/assets/home-page-H.js');
  });

  it('adds nothing to app pages and unknown pages', async () => {
    expect((await preloadsOf('/auth')).hrefs).toEqual([]);
    const unknown = await preloadsOf('/book/sofa');
    expect(unknown.status).toBe(404);
    expect(unknown.hrefs).toEqual([]);
  });
});
