import { describe, expect, it } from 'vitest';
import { blogPageOf } from './page-texts';
import { pageTitle } from './page-title';
import { canonicalPathOf, languageOfSearch, localizedPath, sitePageOf } from './site-pages';

describe('the pages of the site (issue #12)', () => {
  it('tells public pages, app pages and unknown paths apart', () => {
    expect(sitePageOf('/')).toEqual({ kind: 'home' });
    expect(sitePageOf('/terms/')).toEqual({ kind: 'policy', page: 'terms' });
    expect(sitePageOf('/blog')).toEqual({ kind: 'blog' });
    expect(sitePageOf('/blog/tv-mounting')).toEqual({ kind: 'blog-post', slug: 'tv-mounting' });
    expect(sitePageOf('/book/painting')).toEqual({ kind: 'booking', service: 'painting' });
    expect(sitePageOf('/services/painting/book')).toEqual({ kind: 'booking', service: 'painting' });
    expect(sitePageOf('/book/sofa-cleaning')).toEqual({ kind: 'not-found' });
    for (const app of ['/auth', '/my-bookings', '/settings', '/reset-password', '/admin', '/admin/bookings/1', '/worker', '/worker/enroll']) expect(sitePageOf(app), app).toEqual({ kind: 'app' });
    for (const unknown of ['/administrator', '/workers', '/blog/a/b', '/terms/extra', '/nothing']) expect(sitePageOf(unknown), unknown).toEqual({ kind: 'not-found' });
  });

  it('writes Spanish as ?lang=es after the page parameters, and English as the bare path', () => {
    expect(localizedPath('/blog', 'en')).toBe('/blog');
    expect(localizedPath('/blog/', 'es')).toBe('/blog?lang=es');
    expect(localizedPath('/blog', 'es', { page: 2 })).toBe('/blog?page=2&lang=es');
    expect(localizedPath('/blog', 'en', { page: undefined })).toBe('/blog');
    expect(languageOfSearch('?lang=es')).toBe('es');
    expect(languageOfSearch('?lang=ES')).toBe('en');
    expect(languageOfSearch('')).toBe('en');
  });

  it('gives each public page one canonical path', () => {
    expect(canonicalPathOf({ kind: 'booking', service: 'tv-installation' }, 'es')).toBe('/book/tv-installation?lang=es');
    expect(canonicalPathOf({ kind: 'blog' }, 'en', { blogPage: 1 })).toBe('/blog');
    expect(canonicalPathOf({ kind: 'blog' }, 'en', { blogPage: 3 })).toBe('/blog?page=3');
    expect(canonicalPathOf({ kind: 'app' }, 'en')).toBeNull();
    expect(canonicalPathOf({ kind: 'not-found' }, 'en')).toBeNull();
  });

  it('reads a blog page number, anything odd as the first page', () => {
    expect(['2', '10000'].map(blogPageOf)).toEqual([2, 10000]);
    expect([null, '', '0', '-1', '2.5', 'two', '10001', '1e3'].map(blogPageOf)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
  });

  it('adds the site name to a title only when it is missing', () => {
    const t = (key: string, values?: Record<string, unknown>) => (key === 'seo.siteName' ? 'Tampa Same-Day Handyman' : `${String(values?.page)} | Tampa Same-Day Handyman`);
    expect(pageTitle('Terms of Service', t)).toBe('Terms of Service | Tampa Same-Day Handyman');
    expect(pageTitle('About Tampa Same-Day Handyman', t)).toBe('About Tampa Same-Day Handyman');
  });
});
