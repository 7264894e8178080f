/**
 * Issue #12: the posts are read and checked at start, and a bad post stops the start with every
 * problem named; the site's own posts (content/blog/) pass, in English and Spanish, 600-1000
 * words each, with their pictures under public/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BLOG_CONTENT_DIR, BlogContentError, loadBlogLibrary, PUBLIC_DIR } from './blog-library';
import { startRuntime } from '../../bootstrap';
import { loadConfig } from '../../config';
import { createLogger } from '../../lib/logger';

const GOOD_FRONT_MATTER = {
  title: 'A good title for a post',
  description: 'A description long enough to be a useful search snippet for the reader.',
  date: '2026-05-01',
  slug: 'good-post',
  language: 'en',
  cover: '/images/blog/tv-mounting-drywall-vs-concrete-block.svg',
  coverAlt: 'A cover picture',
};

function frontMatter(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
    .join('\n');
}

describe('reading the posts', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  /** A folder holding the given files. */
  const folder = (files: Record<string, string>) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blog-posts-'));
    dirs.push(dir);
    for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
    return dir;
  };
  const post = (fields: Record<string, string>, body = '## A section\n\nSome text.') => `---\n${frontMatter(fields)}\n---\n\n${body}\n`;
  const problemsOf = (dir: string, options = {}) => {
    try {
      loadBlogLibrary(dir, options);
    } catch (error) {
      expect(error).toBeInstanceOf(BlogContentError);
      return (error as BlogContentError).problems;
    }
    throw new Error('the posts were accepted');
  };

  it('accepts a good post', () => {
    const library = loadBlogLibrary(folder({ 'good-post.en.md': post(GOOD_FRONT_MATTER), 'notes.txt': 'not a post' }), { publicDir: PUBLIC_DIR });
    expect(library.versions().map((v) => [v.slug, v.language])).toEqual([['good-post', 'en']]);
  });

  it('names every bad file and each of its problems', () => {
    const dir = folder({
      'no-front-matter.en.md': '## Just text\n',
      'bad-yaml.en.md': '---\ntitle: [unclosed\n---\n\nText',
      'missing-title.en.md': post({ ...GOOD_FRONT_MATTER, slug: 'missing-title', title: '' }),
      'typo-field.en.md': post({ ...GOOD_FRONT_MATTER, slug: 'typo-field', tittle: 'typo' }),
      'wrong-slug.en.md': post({ ...GOOD_FRONT_MATTER, slug: 'another-slug' }),
      'wrong-language.es.md': post({ ...GOOD_FRONT_MATTER, slug: 'wrong-language' }),
      'bad-date.en.md': post({ ...GOOD_FRONT_MATTER, slug: 'bad-date', date: '2026-02-30' }),
      'has-h1.en.md': post({ ...GOOD_FRONT_MATTER, slug: 'has-h1' }, '# A second title\n\nText.'),
      'empty-body.en.md': post({ ...GOOD_FRONT_MATTER, slug: 'empty-body' }, ''),
      'missing-image.en.md': post({ ...GOOD_FRONT_MATTER, slug: 'missing-image', cover: '/images/blog/not-there.svg' }),
      'Bad Name.md': post(GOOD_FRONT_MATTER),
    });
    const problems = problemsOf(dir, { publicDir: PUBLIC_DIR });
    const about = (file: string) => problems.filter((p) => p.startsWith(`${file}: `));
    expect(about('no-front-matter.en.md')[0]).toMatch(/no front matter/);
    expect(about('bad-yaml.en.md')[0]).toMatch(/not valid YAML/);
    expect(about('missing-title.en.md')[0]).toMatch(/front matter title/);
    expect(about('typo-field.en.md')[0]).toMatch(/tittle/);
    expect(about('wrong-slug.en.md')[0]).toMatch(/slug "another-slug" differs from the file name's "wrong-slug"/);
    expect(about('wrong-language.es.md')[0]).toMatch(/language "en" differs from the file name's "es"/);
    expect(about('bad-date.en.md')[0]).toMatch(/front matter date/);
    expect(about('has-h1.en.md')[0]).toMatch(/line 1: a "# " heading/);
    expect(about('empty-body.en.md')[0]).toMatch(/no text/);
    expect(about('missing-image.en.md')[0]).toMatch(/\/images\/blog\/not-there.svg is not a file/);
    expect(about('Bad Name.md')[0]).toMatch(/file name must be/);
    expect(problems).toHaveLength(11);
  });

  it('refuses a folder that does not exist', () => {
    expect(problemsOf(path.join(os.tmpdir(), 'no-such-blog-folder-x'))).toEqual([expect.stringMatching(/no such folder/)]);
  });

  it("is what the server start reads: the site's posts", async () => {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'blog-start-not-used') });
    const runtime = await startRuntime(config, { dir: 'memory://' }, { logger: createLogger('silent') });
    try {
      expect(runtime.deps.blog.versions().map((v) => `${v.slug}.${v.language}.md`).sort()).toEqual(fs.readdirSync(BLOG_CONTENT_DIR).filter((f) => f.endsWith('.md')).sort());
    } finally {
      await runtime.close();
    }
  });
});

describe("the site's posts (content/blog)", () => {
  const library = loadBlogLibrary(BLOG_CONTENT_DIR, { publicDir: PUBLIC_DIR });
  const versions = library.versions();
  const slugs = [...new Set(versions.map((v) => v.slug))];

  it('has at least three posts, each in English and Spanish', () => {
    expect(slugs.length).toBeGreaterThanOrEqual(3);
    for (const slug of slugs) expect(library.post(slug, 'en')?.translations, slug).toEqual(['en', 'es']);
  });

  it.each(versions.map((v) => [`${v.slug} (${v.language})`, v] as const))('%s is 600-1000 words, with a service and a social card picture', (_, version) => {
    expect(version.wordCount).toBeGreaterThanOrEqual(600);
    expect(version.wordCount).toBeLessThanOrEqual(1000);
    expect(version.service).not.toBeNull();
    expect(version.socialImage).toMatch(/\.jpg$/);
    expect(fs.existsSync(path.join(PUBLIC_DIR, version.socialImage))).toBe(true);
  });

  it('keeps the title, date, picture and service of a post the same in both languages', () => {
    for (const slug of slugs) {
      const [en, es] = [library.post(slug, 'en')!, library.post(slug, 'es')!];
      expect(es.language).toBe('es');
      expect(es.title).not.toBe(en.title);
      expect([es.date, es.cover.src, es.socialImage, es.service]).toEqual([en.date, en.cover.src, en.socialImage, en.service]);
    }
  });
});
