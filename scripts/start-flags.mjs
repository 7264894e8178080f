/**
 * The node flags `npm start` gives the compiled server, read from a checkout's package.json
 * ("start": `... && node <flags> dist-server/index.js`), so the benches start a server exactly as
 * that checkout's `npm start` does (issue #16; docs/decisions/052-young-generation-size.md).
 * @param {string} cwd the checkout's root
 * @returns {string[]} the flags, e.g. ['--enable-source-maps', '--max-semi-space-size=64']; [] when
 *   the start script does not run dist-server/index.js
 */
import fs from 'node:fs';
import path from 'node:path';

export function startFlags(cwd) {
  const start = JSON.parse(fs.readFileSync(path.join(cwd, 'package.json'), 'utf8')).scripts?.start ?? '';
  const match = /\bnode((?:\s+--\S+)*)\s+dist-server\/index\.js/.exec(start);
  return match ? match[1].trim().split(/\s+/).filter(Boolean) : [];
}
