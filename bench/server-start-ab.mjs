/**
 * Two compiled server builds started alternately on one warm embedded database (issue #16: "starts
 * warm in under 2 s"): for each, the median wall time from spawning `node <npm start's flags>
 * BUILD/index.js` to the first 200 from GET /api/health, the process's CPU time (user + system,
 * ms) by then, and its RSS (MB) 3 s later. Alternating the order each round keeps a noisy
 * machine's drift out of the comparison; CPU is the steadier column.
 *
 * The builds must live inside the project (their packages resolve from its node_modules), e.g.:
 *   git stash && node -e "import('./scripts/build-server.mjs').then(m => m.buildServer('.tmp/ds-before'))" && git stash pop
 *   node -e "import('./scripts/build-server.mjs').then(m => m.buildServer('.tmp/ds-after'))"
 *   node bench/server-start-ab.mjs .tmp/ds-before .tmp/ds-after
 * Env: RUNS (default 5), PORT (default 4371). Linux only (reads /proc). Not part of the test run.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFlags } from '../scripts/start-flags.mjs';

const builds = process.argv.slice(2).map((dir) => path.resolve(dir));
if (builds.length < 2) {
  console.error('usage: node bench/server-start-ab.mjs BUILD_A BUILD_B [...]');
  process.exit(2);
}
const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.PORT ?? 4371);
const flags = startFlags(process.cwd());
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-start-ab-'));

/** user + system CPU of a live process, ms (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function startOnce(build) {
  const started = performance.now();
  const child = spawn(process.execPath, [...flags, path.join(build, 'index.js')], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${build} exited before it answered /api/health`);
    if (performance.now() - started > 60_000) throw new Error(`${build} did not answer /api/health within 60 s`);
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const wall = performance.now() - started;
  const cpu = cpuMs(child.pid);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const rss = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))[1]) / 1024;
  const stopped = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await stopped;
  return { wall, cpu, rss };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await startOnce(builds[0]); // creates, migrates and seeds the database: not measured
  const results = new Map(builds.map((build) => [build, []]));
  for (let round = 0; round < RUNS; round++) {
    for (const build of round % 2 ? [...builds].reverse() : builds) results.get(build).push(await startOnce(build));
  }
  console.log(`\nWarm starts on one PGlite directory (${os.availableParallelism()} CPUs, Node ${process.version}, median of ${RUNS}, alternated)\n`);
  console.log('| build | start (ms) | CPU to ready (ms) | RSS 3 s later (MB) | CPU of each start (ms) |');
  console.log('| --- | ---: | ---: | ---: | --- |');
  for (const [build, runs] of results) {
    const name = path.relative(process.cwd(), build);
    console.log(`| ${name} | ${median(runs.map((r) => r.wall)).toFixed(0)} | ${median(runs.map((r) => r.cpu))} | ${median(runs.map((r) => r.rss)).toFixed(0)} | ${runs.map((r) => r.cpu).join(', ')} |`);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
