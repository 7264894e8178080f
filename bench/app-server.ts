/**
 * Starts the app's server for a bench the way `npm start` runs it in production (issue #16,
 * docs/decisions/034-compiled-server.md): `scripts/ensure-build.mjs --server` in `cwd` builds
 * `dist-server/` when a server source is newer, then `node <its npm start's flags> dist-server/index.js`. A checkout from
 * before the compiled server (a BENCH_REFERENCE_DIR of an old commit) runs through tsx instead.
 * `BENCH_NODE_OPTIONS` goes to that node process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`,
 * written when the bench stops the server with SIGINT).
 *
 * Resolves once `GET /api/health` answers 200 (up to 2 minutes).
 * @throws Error when the build fails or the server does not answer in time
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
// @ts-expect-error plain JS helper
import { startFlags } from '../scripts/start-flags.mjs';

export interface AppServer {
  process: ChildProcess;
  base: string;
  /** SIGINT (the server closes and a --cpu-prof profile is written), then waits up to 5 s for the exit. */
  stop(): Promise<void>;
}

export async function startAppServer(options: { cwd?: string; port: number; env: Record<string, string> }): Promise<AppServer> {
  const cwd = options.cwd ?? process.cwd();
  const compiled = fs.existsSync(path.join(cwd, 'scripts/build-server.mjs'));
  if (compiled) {
    const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs', '--server'], { cwd, stdio: 'inherit' });
    if (build.status !== 0) throw new Error(`building the server in ${cwd} failed`);
  }
  const nodeOptions = (process.env.BENCH_NODE_OPTIONS ?? '').split(' ').filter(Boolean);
  // The compiled server with the flags of that checkout's `npm start` (scripts/start-flags.mjs).
  const entry = compiled ? [...startFlags(cwd), 'dist-server/index.js'] : ['--import', 'tsx', 'src/server/index.ts'];
  const child = spawn(process.execPath, [...nodeOptions, ...entry], {
    cwd,
    env: { ...process.env, PORT: String(options.port), ...options.env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://localhost:${options.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGINT');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  for (let i = 0; i < 240; i++) {
    if (await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false)) return { process: child, base, stop };
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`the server in ${cwd} did not start`);
}
