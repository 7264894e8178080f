/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each compressible file of a web build
 * (JavaScript, CSS, HTML, SVG, JSON, the web manifest), which the server sends to browsers that
 * accept them (`serveStatic({ precompressed: true })` in src/server/app.ts; issue #16: the first
 * load of a public page on a phone). Files under 1 KB are left alone, as are copies that would not
 * be smaller. Compressed once at build time, so serving them costs no CPU.
 *
 * `precompressBuild(dir)` returns the number of files compressed; `node scripts/precompress.mjs DIR` prints it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const MIN_BYTES = 1024;

function* filesIn(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

/**
 * Compresses every compressible file under `dir` (recursively); returns how many got copies.
 * @param brotliQuality 0-11: 11 (the default, ~10 s for a build on this machine) for what is deployed;
 *   the test run's build uses 5 (under 1 s, copies ~9% larger), as nothing there reads the sizes
 */
export function precompressBuild(dir, brotliQuality = 11) {
  let count = 0;
  for (const file of filesIn(dir)) {
    const bytes = fs.readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
    const gzip = zlib.gzipSync(bytes, { level: 9 });
    if (brotli.length < bytes.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < bytes.length) fs.writeFileSync(`${file}.gz`, gzip);
    count += 1;
  }
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  const started = performance.now();
  console.log(`precompress: ${precompressBuild(dir)} files in ${Math.round(performance.now() - started)} ms (${dir})`);
}
