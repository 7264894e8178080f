/**
 * Where the files the server reads at run time live: the repository's root folder, the nearest
 * folder above this module that holds a package.json. The SQL migrations
 * (src/server/db/migrations), the locale JSON (src/web/locales), the blog's posts (content/blog)
 * and public/ are read from the source tree, whether the server runs from its TypeScript sources
 * (tsx, Vitest: this file is src/server/lib/repository-root.ts) or from the compiled bundle
 * (dist-server/*.js, issue #16, docs/decisions/034-compiled-server.md), whose depths differ.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRepositoryRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}: the server must run inside its repository (it reads migrations, locales and posts from it).`);
  }
}

/** Absolute path of the repository's root folder. */
export const REPOSITORY_ROOT = findRepositoryRoot(path.dirname(fileURLToPath(import.meta.url)));

/** An absolute path inside the repository, e.g. `repositoryPath('src', 'web', 'locales')`. */
export function repositoryPath(...segments: string[]): string {
  return path.join(REPOSITORY_ROOT, ...segments);
}
