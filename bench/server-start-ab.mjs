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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFlags } from '../scripts/start-flags.mjs';
import { measureServer, median } from './server-process.mjs';

const builds = process.argv.slice(2).map((dir) => path.resolve(dir));
if (builds.length < 2) {
  console.error('usage: node bench/server-start-ab.mjs BUILD_A BUILD_B [...]');
  process.exit(2);
}
const RUNS = Number(process.env.RUNS ?? 5);
const PORT = Number(process.env.PORT ?? 4371);
const flags = startFlags(process.cwd());
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-start-ab-'));

/** One warm start of `build` on the bench's PGlite directory, its RSS read 3 s later. */
const startOnce = (build) =>
  measureServer({ label: path.relative(process.cwd(), build), args: [...flags, path.join(build, 'index.js')], env: { DATA_DIR: dataDir, DATABASE_URL: '' }, port: PORT, idleMs: 3000 });

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
    console.log(`| ${name} | ${median(runs.map((r) => r.startMs)).toFixed(0)} | ${median(runs.map((r) => r.cpuMs))} | ${median(runs.map((r) => r.rssMb)).toFixed(0)} | ${runs.map((r) => r.cpuMs).join(', ')} |`);
  }
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
