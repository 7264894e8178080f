/**
 * The blog's posts, read once at start from Markdown files (`content/blog/<slug>.<language>.md`,
 * YAML front matter checked by `blogFrontMatterSchema` in src/domain/blog-contract.ts) and kept
 * in memory with their HTML rendered (blog-markdown.ts). A post that breaks a rule stops the
 * start with BlogContentError naming the file and each problem; nothing is skipped quietly.
 *
 * Lists are newest first (date, then slug). A post asked for in a language it is not written
 * in comes in the language it has, marked by its `language`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  BLOG_LANGUAGES,
  BLOG_PAGE_SIZE,
  blogFrontMatterSchema,
  type BlogFrontMatter,
  type BlogLanguage,
  type BlogList,
  type BlogPost,
  type BlogPostSummary,
} from '../../../domain/blog-contract';
import { DEFAULT_SOCIAL_IMAGE } from '../../../domain/site-pages';
import { renderMarkdown } from './blog-markdown';
import { REPOSITORY_ROOT as repositoryRoot } from '../../lib/repository-root';

/** Where the site's posts live. */
export const BLOG_CONTENT_DIR = path.join(repositoryRoot, 'content', 'blog');
/** The web app's static files (vite copies them into dist/): post images must exist here. */
export const PUBLIC_DIR = path.join(repositoryRoot, 'public');

/** Words read per minute for `readingMinutes`. */
const WORDS_PER_MINUTE = 200;
const FILE_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)\.(en|es)\.md$/;
const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

export class BlogContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The blog's posts cannot be published:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'BlogContentError';
  }
}

/** One language version of a post, ready to serve. */
export interface BlogPostVersion extends BlogPost {
  wordCount: number;
}

export interface BlogLibrary {
  /**
   * One page of posts for a language, newest first: each post once, in `language` when it is
   * written in it, else in the language it has.
   * @param page from 1
   * @returns null when the page is past the last one (page 1 always exists, empty or not)
   */
  list(language: BlogLanguage, page: number): BlogList | null;
  /** A post in `language`, or in its other language when not translated; null when no post has the slug. */
  post(slug: string, language: BlogLanguage): BlogPostVersion | null;
  /** Every version of every post, newest first (the sitemap). */
  versions(): BlogPostVersion[];
}

export interface LoadBlogOptions {
  /** Posts per page (default BLOG_PAGE_SIZE). */
  pageSize?: number;
  /** When given, every image a post names must be a file under this folder. */
  publicDir?: string;
}

function newestFirst(a: { date: string; slug: string }, b: { date: string; slug: string }): number {
  return a.date === b.date ? a.slug.localeCompare(b.slug) : a.date < b.date ? 1 : -1;
}

/** Reads one post file; problems are pushed to `problems`, prefixed with the file's name. */
function readPost(file: string, source: string, options: LoadBlogOptions, problems: string[]): BlogPostVersion | null {
  const name = path.basename(file);
  const fail = (problem: string) => {
    problems.push(`${name}: ${problem}`);
    return null;
  };
  const fileName = FILE_NAME.exec(name);
  if (!fileName) return fail('the file name must be <slug>.<en|es>.md, the slug in lower-case words joined by hyphens');
  const parts = FRONT_MATTER.exec(source);
  if (!parts) return fail('no front matter: the file must start with a "---" line, the YAML fields, and a closing "---" line');
  let yaml: unknown;
  try {
    yaml = parseYaml(parts[1]!);
  } catch (error) {
    return fail(`the front matter is not valid YAML (${(error as Error).message.split('\n')[0]})`);
  }
  const parsed = blogFrontMatterSchema.safeParse(yaml);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) fail(`front matter ${issue.path.join('.') || '(all)'}: ${issue.message}`);
    return null;
  }
  const meta: BlogFrontMatter = parsed.data;
  const before = problems.length;
  if (meta.slug !== fileName[1]) fail(`slug "${meta.slug}" differs from the file name's "${fileName[1]}"`);
  if (meta.language !== fileName[2]) fail(`language "${meta.language}" differs from the file name's "${fileName[2]}"`);
  if (meta.updated && meta.updated < meta.date) fail(`updated ${meta.updated} is before date ${meta.date}`);
  if (options.publicDir) {
    for (const image of [meta.cover, meta.socialImage].filter((i): i is string => Boolean(i))) {
      if (!fs.existsSync(path.join(options.publicDir, image))) fail(`image ${image} is not a file under ${options.publicDir}`);
    }
  }
  const body = parts[2]!.trim();
  if (!body) fail('the post has no text');
  const rendered = renderMarkdown(body);
  for (const problem of rendered.problems) fail(problem);
  if (problems.length > before) return null;
  return {
    slug: meta.slug,
    language: meta.language,
    title: meta.title,
    description: meta.description,
    date: meta.date,
    updated: meta.updated ?? null,
    cover: { src: meta.cover, alt: meta.coverAlt },
    readingMinutes: Math.max(1, Math.round(rendered.wordCount / WORDS_PER_MINUTE)),
    service: meta.service ?? null,
    html: rendered.html,
    translations: [],
    socialImage: meta.socialImage ?? DEFAULT_SOCIAL_IMAGE,
    wordCount: rendered.wordCount,
  };
}

const summaryOf = ({ slug, language, title, description, date, updated, cover, readingMinutes, service }: BlogPostVersion): BlogPostSummary => ({
  slug,
  language,
  title,
  description,
  date,
  updated,
  cover,
  readingMinutes,
  service,
});

/**
 * Reads, checks and renders every post in `dir` (files ending in .md; others are ignored).
 * @throws BlogContentError listing every problem of every file (a missing folder is one)
 */
export function loadBlogLibrary(dir: string = BLOG_CONTENT_DIR, options: LoadBlogOptions = {}): BlogLibrary {
  const pageSize = options.pageSize ?? BLOG_PAGE_SIZE;
  if (!fs.existsSync(dir)) throw new BlogContentError([`${dir}: no such folder`]);
  const problems: string[] = [];
  const bySlug = new Map<string, Map<BlogLanguage, BlogPostVersion>>();
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.md')).sort()) {
    const post = readPost(name, fs.readFileSync(path.join(dir, name), 'utf8'), options, problems);
    if (!post) continue;
    const versions = bySlug.get(post.slug) ?? new Map<BlogLanguage, BlogPostVersion>();
    versions.set(post.language, post);
    bySlug.set(post.slug, versions);
  }
  if (problems.length) throw new BlogContentError(problems);

  for (const versions of bySlug.values()) {
    const translations = BLOG_LANGUAGES.filter((l) => versions.has(l));
    for (const version of versions.values()) version.translations = translations;
  }
  const pick = (versions: Map<BlogLanguage, BlogPostVersion>, language: BlogLanguage) =>
    versions.get(language) ?? versions.get(BLOG_LANGUAGES.find((l) => versions.has(l))!)!;
  const listsByLanguage = new Map(
    BLOG_LANGUAGES.map((language) => [language, [...bySlug.values()].map((versions) => pick(versions, language)).sort(newestFirst)] as const),
  );
  const allVersions = [...bySlug.values()].flatMap((versions) => [...versions.values()]).sort(newestFirst);

  return {
    list(language, page) {
      const all = listsByLanguage.get(language)!;
      const pageCount = Math.max(1, Math.ceil(all.length / pageSize));
      if (page > pageCount) return null;
      const posts = all.slice((page - 1) * pageSize, page * pageSize).map(summaryOf);
      return { language, posts, page, pageCount, pageSize, total: all.length };
    },
    post(slug, language) {
      const versions = bySlug.get(slug);
      return versions ? pick(versions, language) : null;
    },
    versions: () => allVersions,
  };
}
