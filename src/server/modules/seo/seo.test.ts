/**
 * Issue #12, being found: the server answers /robots.txt and /sitemap.xml, and every HTML route
 * with the built index.html carrying that page's title, description, canonical URL, hreflang
 * alternates, social cards and JSON-LD (prices, phone and hours from the settings in the
 * database), and the right status (404 for pages that do not exist).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTitle } from '../../../domain/page-title';
import { createApp } from '../../app';
import { ConfigError, loadConfig } from '../../config';
import { services, settings, userRoles } from '../../db/schema';
import { announceCapacityChange } from '../workers/capacity-caches';
import { translator } from '../../lib/i18n';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { loadBlogLibrary } from '../blog/blog-library';

const BASE = 'https://book.example.com';
const TEST_POSTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../blog/test-posts');
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const en = translator('en');
const es = translator('es');

/** The page as a browser without JavaScript (or a crawler) reads it. */
interface Page {
  status: number;
  html: string;
  document: Document;
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  alternates: Record<string, string>;
  meta: (key: string) => string | null;
  jsonLd: any[];
}

async function open(app: ReturnType<typeof createApp>, url: string): Promise<Page> {
  const response = await app.request(url);
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const attr = (selector: string, name: string) => document.querySelector(selector)?.getAttribute(name) ?? null;
  return {
    status: response.status,
    html,
    document,
    title: document.title,
    description: attr('meta[name="description"]', 'content'),
    canonical: attr('link[rel="canonical"]', 'href'),
    robots: attr('meta[name="robots"]', 'content'),
    alternates: Object.fromEntries([...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])),
    meta: (key) => attr(`meta[property="${key}"], meta[name="${key}"]`, 'content'),
    jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '')),
  };
}

/** The node of a type in a JSON-LD document (top level or in its @graph). */
const nodesOf = (jsonLd: any[], type: string) => jsonLd.flatMap((doc) => [doc, ...(doc['@graph'] ?? [])]).filter((node) => node['@type'] === type);

describe(`being found: robots.txt, sitemap.xml and the pages' head tags (${databaseKind})`, () => {
  let t: TestApp;
  let dist: string;
  let web: ReturnType<typeof createApp>;
  let withTestPosts: ReturnType<typeof createApp>;

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_BASE_URL: `${BASE}/` } });
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-seo-dist-'));
    // the real index.html, as vite builds it (the entry becomes a hashed asset)
    const template = fs.readFileSync(path.join(repositoryRoot, 'index.html'), 'utf8').replace('/src/web/main.tsx', '/assets/index-TEST.js');
    fs.writeFileSync(path.join(dist, 'index.html'), template);
    web = createApp(t.deps, { staticRoot: dist });
    withTestPosts = createApp({ ...t.deps, blog: loadBlogLibrary(TEST_POSTS_DIR, { pageSize: 2 }) }, { staticRoot: dist });
  });
  afterAll(async () => {
    await t?.close();
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves robots.txt: the private areas and the API disallowed, and the sitemap', async () => {
    const response = await web.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe(
      ['User-agent: *', 'Disallow: /admin', 'Disallow: /worker', 'Disallow: /api', 'Disallow: /settings', 'Disallow: /my-bookings', '', `Sitemap: ${BASE}/sitemap.xml`, ''].join('\n'),
    );
  });

  it('lists every public page, booking page and post in the sitemap, in both languages with alternates', async () => {
    const response = await web.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const { document } = new JSDOM(await response.text(), { contentType: 'application/xml' }).window;
    const locs = [...document.getElementsByTagName('loc')].map((l) => l.textContent);
    const posts = [...new Set(t.deps.blog.versions().map((v) => v.slug))];
    const paths = ['/', '/about', '/terms', '/privacy', '/refunds', '/cancellations', '/blog', '/book/tv-installation', '/book/furniture-assembly', '/book/painting', ...posts.map((s) => `/blog/${s}`)];
    expect(posts.length).toBeGreaterThanOrEqual(3);
    expect(locs.sort()).toEqual(paths.flatMap((p) => [`${BASE}${p}`, `${BASE}${p}?lang=es`]).sort());
    // each entry names all its languages and the default
    const postUrl = [...document.getElementsByTagName('url')].find((u) => u.getElementsByTagName('loc')[0]!.textContent === `${BASE}/blog/${posts[0]}?lang=es`)!;
    const alternates = [...postUrl.getElementsByTagName('xhtml:link')].map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
    expect(alternates).toEqual([
      ['en', `${BASE}/blog/${posts[0]}`],
      ['es', `${BASE}/blog/${posts[0]}?lang=es`],
      ['x-default', `${BASE}/blog/${posts[0]}`],
    ]);
    expect(postUrl.getElementsByTagName('lastmod')[0]!.textContent).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('leaves a paused service out of the sitemap', async () => {
    await t.deps.db.update(services).set({ active: false }).where(eq(services.slug, 'painting'));
    // Written past the admin's API: announced as such a write must be, so the processes drop the settings they keep.
    await announceCapacityChange(t.deps.db, { scope: 'settings' });
    try {
      const xml = await (await web.request('/sitemap.xml')).text();
      expect(xml).not.toContain('/book/painting');
      expect(xml).toContain('/book/tv-installation');
    } finally {
      await t.deps.db.update(services).set({ active: true }).where(eq(services.slug, 'painting'));
      await announceCapacityChange(t.deps.db, { scope: 'settings' });
    }
  });

  it('gives the home page its title, description, canonical URL, alternates and social cards', async () => {
    const page = await open(web, '/');
    expect(page.status).toBe(200);
    expect(page.document.documentElement.lang).toBe('en');
    expect(page.title).toBe(en('seo.home.title'));
    expect(page.document.querySelectorAll('title')).toHaveLength(1);
    expect(page.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(page.description).toBe('Same-day handyman in Tampa: TV installation $45 per job, furniture assembly $35 per hour, painting $250 per room, plus tax. We call within 5-10 minutes.');
    expect(page.canonical).toBe(`${BASE}/`);
    expect(page.robots).toBeNull();
    expect(page.alternates).toEqual({ en: `${BASE}/`, es: `${BASE}/?lang=es`, 'x-default': `${BASE}/` });
    expect(page.meta('og:title')).toBe(page.title);
    expect(page.meta('og:url')).toBe(`${BASE}/`);
    expect(page.meta('og:image')).toBe(`${BASE}/images/social-card.jpg`);
    expect(page.meta('og:locale')).toBe('en_US');
    expect(page.meta('og:locale:alternate')).toBe('es_US');
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:description')).toBe(page.description);
    // the app still loads
    expect(page.document.querySelector('script[type="module"]')?.getAttribute('src')).toBe('/assets/index-TEST.js');
    expect(page.document.getElementById('root')?.innerHTML).toBe('');
  });

  it('describes the business and its services in JSON-LD, from the settings', async () => {
    const { jsonLd } = await open(web, '/');
    const [business] = nodesOf(jsonLd, 'HomeAndConstructionBusiness');
    expect(business).toMatchObject({
      name: 'Tampa Same-Day Handyman',
      url: `${BASE}/`,
      telephone: '+18135550100',
      priceRange: '$35-$250',
      address: { '@type': 'PostalAddress', addressLocality: 'Tampa', addressRegion: 'FL', addressCountry: 'US' },
      areaServed: [expect.objectContaining({ '@type': 'City', name: 'Tampa' }), expect.objectContaining({ '@type': 'AdministrativeArea' })],
      openingHoursSpecification: [{ '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], opens: '08:00', closes: '20:00' }],
    });
    const offers = Object.fromEntries(nodesOf(jsonLd, 'Service').map((s) => [s.url, [s.name, s.offers.price, s.offers.priceCurrency, s.offers.priceSpecification.unitText]]));
    expect(offers).toEqual({
      [`${BASE}/book/tv-installation`]: ['TV installation', '45.00', 'USD', 'per job'],
      [`${BASE}/book/furniture-assembly`]: ['Furniture assembly', '35.00', 'USD', 'per hour'],
      [`${BASE}/book/painting`]: ['Painting', '250.00', 'USD', 'per room (standard 12x12 ft)'],
    });
  });

  it('shows a changed price, phone and opening hours on the next page load', async () => {
    const slotRules = (await t.deps.db.select().from(settings).where(eq(settings.key, 'slot_rules')))[0]?.value as Record<string, unknown>;
    const week = [null, ...Array.from({ length: 5 }, () => ({ openMinute: 7 * 60, closeMinute: 19 * 60 })), { openMinute: 9 * 60, closeMinute: 24 * 60 }];
    await t.deps.db.update(services).set({ unitPriceCents: 4900 }).where(eq(services.slug, 'tv-installation'));
    await t.deps.db.update(settings).set({ value: { ...slotRules, weeklyHours: week } }).where(eq(settings.key, 'slot_rules'));
    await t.deps.db
      .insert(settings)
      .values({ key: 'support_contact', value: { phone: '+18135559876', email: 'help@tampahandyman.example' } })
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
    // Written past the admin's API (which announces its saves): announced here, so every process drops the settings it keeps.
    await announceCapacityChange(t.deps.db, { scope: 'settings' });
    try {
      const page = await open(web, '/');
      const [business] = nodesOf(page.jsonLd, 'HomeAndConstructionBusiness');
      expect(business.telephone).toBe('+18135559876');
      expect(business.openingHoursSpecification).toEqual([
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '07:00', closes: '19:00' },
        { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '23:59' },
      ]);
      const tv = nodesOf(page.jsonLd, 'Service').find((s) => s.url === `${BASE}/book/tv-installation`);
      expect([tv.offers.price, tv.offers.priceSpecification.price]).toEqual(['49.00', '49.00']);
      expect(page.description).toContain('TV installation $49 per job');
      expect((await open(web, '/book/tv-installation')).description).toContain('$49 per job');
    } finally {
      await t.deps.db.update(services).set({ unitPriceCents: 4500 }).where(eq(services.slug, 'tv-installation'));
      await t.deps.db.update(settings).set({ value: slotRules }).where(eq(settings.key, 'slot_rules'));
      await t.deps.db.delete(settings).where(eq(settings.key, 'support_contact'));
      await announceCapacityChange(t.deps.db, { scope: 'settings' });
    }
  });

  // The head tags read the settings through the process's cache (issue #16): the admin's save drops it.
  it('shows a price an admin saves on the next page load', async () => {
    const admin = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    const save = async (unitPriceCents: number) => {
      const current = (await (await t.request('/api/admin/settings', { cookie: admin.cookie })).json()) as { services: { slug: string; version: number }[] };
      const version = current.services.find((service) => service.slug === 'tv-installation')!.version;
      const saved = await t.request('/api/admin/settings/services/tv-installation', { method: 'PUT', cookie: admin.cookie, json: { version, value: { unitPriceCents, active: true } } });
      expect(saved.status).toBe(200);
    };
    expect((await open(web, '/book/tv-installation')).description).toContain('$45 per job');
    await save(5200);
    try {
      expect((await open(web, '/book/tv-installation')).description).toContain('$52 per job');
      expect((await open(web, '/')).description).toContain('TV installation $52 per job');
    } finally {
      await save(4500);
    }
    expect((await open(web, '/book/tv-installation')).description).toContain('$45 per job');
  });

  it('answers ?lang=es in Spanish, with its own canonical URL', async () => {
    const page = await open(web, '/?lang=es');
    expect(page.document.documentElement.lang).toBe('es');
    expect(page.title).toBe(es('seo.home.title'));
    expect(page.description).toContain('Le llamamos en 5-10 minutos');
    expect(page.canonical).toBe(`${BASE}/?lang=es`);
    expect(page.alternates).toEqual({ en: `${BASE}/`, es: `${BASE}/?lang=es`, 'x-default': `${BASE}/` });
    expect(page.meta('og:locale')).toBe('es_US');
    expect(nodesOf(page.jsonLd, 'Service').map((s) => s.name)).toEqual(['Instalación de TV', 'Armado de muebles', 'Pintura']);
    // anything else is English; other query parameters are not part of the canonical URL
    expect((await open(web, '/?lang=fr&utm_source=x')).canonical).toBe(`${BASE}/`);
  });

  it('titles the policy and company pages with their own texts', async () => {
    for (const name of ['terms', 'privacy', 'refunds', 'cancellations', 'about'] as const) {
      const page = await open(web, `/${name}?lang=es`);
      expect(page.status).toBe(200);
      expect(page.title, name).toBe(pageTitle(es(`publicPages.${name}.title`), es));
      expect(page.title).toContain('Tampa Same-Day Handyman');
      expect(page.canonical).toBe(`${BASE}/${name}?lang=es`);
    }
  });

  it('gives both booking addresses of a service one canonical URL, the service and its price', async () => {
    for (const url of ['/book/furniture-assembly', '/services/furniture-assembly/book']) {
      const page = await open(web, url);
      expect(page.status).toBe(200);
      expect(page.title).toBe('Book Furniture assembly in Tampa Today | Tampa Same-Day Handyman');
      expect(page.description).toContain('$35 per hour plus tax');
      expect(page.canonical).toBe(`${BASE}/book/furniture-assembly`);
      const [service] = nodesOf(page.jsonLd, 'Service');
      expect(service.offers.price).toBe('35.00');
      expect(service.provider.telephone).toBe('+18135550100');
    }
  });

  it('gives a post its title, article card, BlogPosting and readable text in the page itself', async () => {
    const post = t.deps.blog.post('prepare-room-for-painting', 'es')!;
    const page = await open(web, '/blog/prepare-room-for-painting?lang=es');
    expect(page.status).toBe(200);
    expect(page.title).toBe(`${post.title} | Tampa Same-Day Handyman`);
    expect(page.description).toBe(post.description);
    expect(page.canonical).toBe(`${BASE}/blog/prepare-room-for-painting?lang=es`);
    expect(page.alternates).toEqual({ en: `${BASE}/blog/prepare-room-for-painting`, es: `${BASE}/blog/prepare-room-for-painting?lang=es`, 'x-default': `${BASE}/blog/prepare-room-for-painting` });
    expect(page.meta('og:type')).toBe('article');
    expect(page.meta('og:image')).toBe(`${BASE}/images/blog/prepare-room-for-painting.jpg`);
    expect(page.meta('article:published_time')).toBe(post.date);
    const [posting] = nodesOf(page.jsonLd, 'BlogPosting');
    expect(posting).toMatchObject({ headline: post.title, inLanguage: 'es', datePublished: post.date, url: page.canonical, mainEntityOfPage: { '@id': page.canonical } });
    // the article is in a <noscript> after the root element, readable without JavaScript
    expect(page.document.getElementById('root')?.innerHTML).toBe('');
    const root = page.document.querySelector('#root + noscript')!;
    expect(root.querySelector('h1')?.textContent).toBe(post.title);
    expect(root.querySelector('.blog-prose')?.innerHTML).toBe(post.html);
    expect(root.querySelector('a[href="/blog?lang=es"]')?.textContent).toBe('Todos los artículos');
  });

  it('lists the posts as links in the blog page itself, with the next page linked', async () => {
    const page = await open(withTestPosts, '/blog?page=2');
    expect(page.title).toBe('Home Tips for Tampa Homeowners, Page 2 | Tampa Same-Day Handyman');
    expect(page.canonical).toBe(`${BASE}/blog?page=2`);
    expect(page.alternates.es).toBe(`${BASE}/blog?page=2&lang=es`);
    const links = [...page.document.querySelectorAll('#root + noscript article a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['/blog/middle-post', '/blog/alpha-tie']);
    const pager = [...page.document.querySelectorAll('#root + noscript nav a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(pager).toEqual([
      ['Newer posts', '/blog'],
      ['Older posts', '/blog?page=3'],
    ]);
  });

  it('escapes everything it writes: a post whose texts hold markup stays text', async () => {
    const page = await open(withTestPosts, '/blog/unsafe-html');
    expect(page.status).toBe(200);
    const post = loadBlogLibrary(TEST_POSTS_DIR).post('unsafe-html', 'en')!;
    expect(page.title).toBe(`${post.title} | Tampa Same-Day Handyman`);
    expect(page.description).toBe(post.description);
    expect(page.meta('og:image:alt')).toBe(post.cover.alt);
    expect(nodesOf(page.jsonLd, 'BlogPosting')[0].headline).toBe(post.title);
    // the only scripts are the app, the JSON-LD and the public settings: nothing from the post ran or opened a tag
    expect([...page.document.querySelectorAll('script')].map((s) => s.getAttribute('type')).sort()).toEqual(['application/json', 'application/ld+json', 'module']);
    expect(page.document.querySelector('script[type="application/json"]')!.id).toBe('public-settings');
    expect(page.document.querySelectorAll('[onerror], [onmouseover], b')).toHaveLength(0);
    expect(page.html).not.toContain("<script>alert('");
  });

  it('answers pages that do not exist with 404, the not-found title and noindex', async () => {
    for (const url of ['/blog/no-such-post', '/blog/no-such-post?lang=es', '/blog?page=99', '/book/sofa-cleaning', '/services/nothing/book', '/no-such-page', '/terms/extra']) {
      const page = await open(withTestPosts, url);
      expect(page.status, url).toBe(404);
      const t = url.includes('lang=es') ? es : en;
      expect(page.title, url).toBe(pageTitle(t('seo.notFound.title'), t));
      expect(page.robots).toBe('noindex');
      expect(page.canonical).toBeNull();
      expect(page.document.querySelector('script[type="module"]')).not.toBeNull();
    }
  });

  it('serves the app pages 200 with noindex and no canonical URL', async () => {
    for (const url of ['/auth', '/my-bookings', '/settings', '/admin', '/admin/bookings/123', '/worker/availability', '/reset-password?token=abc']) {
      const page = await open(web, url);
      expect(page.status, url).toBe(200);
      expect(page.robots).toBe('noindex');
      expect(page.canonical).toBeNull();
      expect(page.title).toBe('Tampa Same-Day Handyman');
      expect(page.jsonLd).toEqual([]);
    }
  });

  it('still serves files as they are, and never puts head tags in API answers', async () => {
    fs.mkdirSync(path.join(dist, 'images'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'images', 'social-card.jpg'), 'jpeg');
    expect(await (await web.request('/images/social-card.jpg')).text()).toBe('jpeg');
    const api = await web.request('/api/blog?lang=en');
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
  });
});

describe('the site address in canonical links and the sitemap (PUBLIC_BASE_URL)', () => {
  it('is PUBLIC_BASE_URL, else PUBLIC_URL, else http://localhost:PORT, without a trailing slash', () => {
    expect(loadConfig({}).publicBaseUrl).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '8080' }).publicBaseUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com/' }).publicBaseUrl).toBe('https://app.example.com');
    expect(loadConfig({ PUBLIC_URL: 'https://app.example.com', PUBLIC_BASE_URL: 'https://www.example.com//' }).publicBaseUrl).toBe('https://www.example.com');
  });

  it('refuses a value that is not an http(s) URL, naming the variable', () => {
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'book.example.com' })).toThrow(/PUBLIC_BASE_URL/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://book.example.com' })).toThrow(ConfigError);
  });
});
