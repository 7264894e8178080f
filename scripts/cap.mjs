/**
 * The Capacitor CLI with the TypeScript stand-in it needs to read capacitor.config.ts under
 * TypeScript 7 (scripts/capacitor-typescript-shim.cjs). Arguments pass through; APP_VARIANT
 * (user | worker) picks the app: `APP_VARIANT=worker npm run cap -- add android`.
 * Exported runCapacitor() is used by scripts/build-app.mjs.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve('@capacitor/cli/package.json')), 'bin', 'capacitor');
const shim = fileURLToPath(new URL('./capacitor-typescript-shim.cjs', import.meta.url));

/** Runs `cap <args>` for a variant; returns the exit status. */
export function runCapacitor(args, variant = process.env.APP_VARIANT ?? 'user') {
  const result = spawnSync(process.execPath, ['--require', shim, cli, ...args], { stdio: 'inherit', env: { ...process.env, APP_VARIANT: variant } });
  return result.status ?? 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(runCapacitor(process.argv.slice(2)));
}
