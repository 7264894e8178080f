/**
 * One server start, measured (issue #16; bench/server-memory.mjs and bench/server-start-ab.mjs):
 * spawn `node ARGS`, poll GET /api/health until it answers 200, read the process's CPU time then,
 * idle, read its memory, stop it. Linux only (reads /proc).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** kB figures of /proc/<pid>/status, as MB. */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}

/** CPU time (user + system) the process has used so far, in ms: /proc/<pid>/stat fields 14 and 15, in clock ticks (100 per second). */
function cpuMsOf(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Starts the server, waits for /api/health, idles, reads its memory, stops it (SIGTERM, SIGKILL
 * after 10 s).
 * @param {{ label: string, args: string[], env: Record<string, string>, port: number, idleMs: number }} server
 *   `args` after `node`; `env` over this process's, with PORT and LOG_LEVEL=warn
 * @returns {Promise<{ startMs: number, cpuMs: number, rssMb: number, peakMb: number }>} start = spawn to
 *   the first 200; CPU by then; RSS and peak (VmHWM) after `idleMs` without requests
 * @throws Error when the server exits, or does not answer within 300 s (with its stderr)
 */
export async function measureServer({ label, args, env, port, idleMs }) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let startMs = null;
    let cpuMs = null;
    while (startMs === null) {
      if (child.exitCode !== null) throw new Error(`the ${label} server exited with ${child.exitCode}:\n${stderr}`);
      if (performance.now() - started > 300_000) throw new Error(`the ${label} server did not answer within 300 s`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status === 200, () => false);
      if (ok) {
        startMs = performance.now() - started;
        cpuMs = cpuMsOf(child.pid);
      }
      else await sleep(20);
    }
    await sleep(idleMs);
    return { startMs, cpuMs, ...memoryOf(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    await exited;
  }
}
