/**
 * `npm run build:app:user` / `npm run build:app:worker`: the web assets of one mobile app, then
 * `cap sync` when that app has a native project.
 *  1. `vite build` into dist-app/<variant> with VITE_APP_VARIANT=<variant> baked in (the worker
 *     app's APP_TYPE defaults to worker; src/web/lib/app-type.ts).
 *  2. `cap sync` (APP_VARIANT=<variant>, capacitor.config.ts) only if native/<variant>/android or
 *     native/<variant>/ios exists; otherwise a message saying how to add one. Without a native
 *     SDK the build still succeeds: nothing native is touched.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { runCapacitor } from './cap.mjs';

const variant = process.argv[2];
if (variant !== 'user' && variant !== 'worker') {
  console.error('usage: node scripts/build-app.mjs user|worker');
  process.exit(2);
}

const outDir = `dist-app/${variant}`;
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
  stdio: 'inherit',
  env: { ...process.env, VITE_APP_VARIANT: variant },
});
if (build.status !== 0) process.exit(build.status ?? 1);
console.log(`Built the ${variant} app's web assets in ${outDir}.`);

const platforms = ['android', 'ios'].filter((platform) => fs.existsSync(`native/${variant}/${platform}`));
if (platforms.length === 0) {
  console.log(`No native project under native/${variant}/ yet: skipping cap sync. Add one with: APP_VARIANT=${variant} npm run cap -- add android (or ios).`);
  process.exit(0);
}
for (const platform of platforms) {
  const status = runCapacitor(['sync', platform], variant);
  if (status !== 0) process.exit(status);
}
