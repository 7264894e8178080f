/**
 * Compiles the server to JavaScript (issue #16, docs/decisions/034-compiled-server.md):
 * src/server/index.ts -> dist-server/index.js and src/server/cli/user-create.ts ->
 * dist-server/user-create.js, ES modules for Node 20 with source maps, shared code in
 * dist-server/chunks/. Packages stay in node_modules (not bundled): native and WASM packages
 * (sharp, PGlite) and the files packages read beside themselves keep working as installed.
 * Files read at run time (migrations, locale JSON, blog posts) are read from the repository
 * (src/server/lib/repository-root.ts), so the output must stay inside the repository.
 *
 * `node scripts/build-server.mjs [outdir]` (default dist-server). The output is written to a
 * fresh folder beside it and swapped in, so a stale chunk of an older build never stays behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The sources a server build depends on (ensure-build.mjs compares their times with the output's). */
export const SERVER_BUILD_INPUTS = ['src/server', 'src/domain', 'package.json', 'tsconfig.json', 'scripts/build-server.mjs'];

/** The entry points: output name (without .js) -> source. */
export const SERVER_ENTRIES = { index: 'src/server/index.ts', 'user-create': 'src/server/cli/user-create.ts' };

/**
 * Builds the server into `outdir` (absolute or relative to the repository root).
 * @returns the absolute output folder
 * @throws esbuild's error (with every message printed) when a source does not compile
 */
export async function buildServer(outdir = 'dist-server') {
  const target = path.resolve(root, outdir);
  const staging = `${target}.building-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: SERVER_ENTRIES,
      outdir: staging,
      bundle: true,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      // Stack traces name the TypeScript sources (`node --enable-source-maps`, as `npm start` runs it).
      sourcemap: true,
      // Lines and names only: the TypeScript text itself is in src/ (about 15 MB less heap at run time).
      sourcesContent: false,
      tsconfig: 'tsconfig.json',
      legalComments: 'none',
      logLevel: 'warning',
    });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(staging, target);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return target;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  const out = await buildServer(process.argv[2]).catch(() => process.exit(1));
  console.log(`Built the server into ${path.relative(process.cwd(), out) || '.'} in ${Math.round(performance.now() - started)} ms`);
}
