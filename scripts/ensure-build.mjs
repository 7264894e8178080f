/**
 * `npm start` builds the web app only when needed: when dist/ is missing or older than any
 * web source (src/web, src/domain, index.html, public/, vite.config.ts, package.json).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const inputs = ['src/web', 'src/domain', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newest(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(target).reduce((max, name) => Math.max(max, newest(path.join(target, name))), stat.mtimeMs);
}

const built = fs.existsSync('dist/index.html') ? fs.statSync('dist/index.html').mtimeMs : 0;
if (built < Math.max(...inputs.map(newest))) {
  console.log('Building the web app (dist/)...');
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
