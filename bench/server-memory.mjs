/**
 * `npm run bench:memory` (issue #16): the server's start time and memory, compiled
 * (dist-server/, `node <npm start's flags> dist-server/index.js`, what `npm start` runs) against
 * TypeScript transpiled at run time (`node --import tsx src/server/index.ts`, what `npm start`
 * ran before and `npm run dev` still runs), in the same run, on:
 *  - PostgreSQL: a fresh database in a throwaway server (or in BENCH_DATABASE_URL's server); the
 *    first start migrates and seeds it ("fresh"), the next ones find it ready ("warm");
 *  - embedded PGlite: a new DATA_DIR ("fresh": initdb, migrations, seed), then restarts on it ("warm").
 *
 * Start = from spawning the process to the first 200 from GET /api/health; CPU to ready = the
 * process's user + system CPU time by then (steadier than wall time on a busy machine). RSS idle = the
 * process's resident set (/proc/<pid>/status VmRSS) after IDLE_MS without requests; peak = VmHWM.
 * Each warm figure is the median of RUNS starts. Linux only (reads /proc).
 *
 * Env: BENCH_DATABASE_URL (a server to create the bench's database in), RUNS (default 3),
 * IDLE_MS (default 5000), PORT (default 4361).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildServer } from '../scripts/build-server.mjs';
import { startFlags } from '../scripts/start-flags.mjs';
import { startThrowawayPostgres } from '../scripts/throwaway-postgres.mjs';
import { measureServer, median } from './server-process.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const IDLE_MS = Number(process.env.IDLE_MS ?? 5000);
const PORT = Number(process.env.PORT ?? 4361);

const RUNTIMES = {
  compiled: [...startFlags(process.cwd()), 'dist-server/index.js'],
  tsx: ['--import', 'tsx', 'src/server/index.ts'],
};

/** One start of `runtime` on `env` (server-process.mjs measureServer). */
const measure = (runtime, env) =>
  measureServer({ label: runtime, args: RUNTIMES[runtime], env: { SEED_DEMO_WORKER: 'true', ...env }, port: PORT, idleMs: IDLE_MS });

/** One fresh start then RUNS warm starts; warm figures are medians. */
async function series(runtime, freshEnv, warmEnv = freshEnv) {
  const fresh = await measure(runtime, freshEnv);
  const warm = [];
  for (let i = 0; i < RUNS; i += 1) warm.push(await measure(runtime, warmEnv));
  return {
    fresh,
    warm: { startMs: median(warm.map((w) => w.startMs)), cpuMs: median(warm.map((w) => w.cpuMs)), rssMb: median(warm.map((w) => w.rssMb)), peakMb: median(warm.map((w) => w.peakMb)) },
  };
}

console.log('Building the server (dist-server/)...');
await buildServer('dist-server');

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-memory-'));
const throwaway = process.env.BENCH_DATABASE_URL ? null : await startThrowawayPostgres();
const adminUrl = process.env.BENCH_DATABASE_URL ?? throwaway?.url;
const results = [];
try {
  for (const runtime of Object.keys(RUNTIMES)) {
    if (adminUrl) {
      const name = `bench_memory_${runtime}_${process.pid}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      try {
        const env = { DATABASE_URL: url.toString(), DATA_DIR: path.join(tmp, `pg-${runtime}`) };
        results.push({ runtime, database: 'PostgreSQL', ...(await series(runtime, env)) });
      } finally {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      }
    }
    const env = { DATABASE_URL: '', DATA_DIR: path.join(tmp, `pglite-${runtime}`) };
    results.push({ runtime, database: 'PGlite', ...(await series(runtime, env)) });
  }
} finally {
  throwaway?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}

const fmt = (n, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(`\nServer start and memory (${os.availableParallelism()} CPUs, Node ${process.version}, idle ${IDLE_MS} ms, warm = median of ${RUNS})\n`);
console.log('| server | database | start fresh (ms) | start warm (ms) | CPU to ready, warm (ms) | RSS idle fresh (MB) | RSS idle warm (MB) | peak RSS fresh (MB) | peak RSS warm (MB) |');
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(`| ${r.runtime} | ${r.database} | ${fmt(r.fresh.startMs)} | ${fmt(r.warm.startMs)} | ${fmt(r.warm.cpuMs)} | ${fmt(r.fresh.rssMb)} | ${fmt(r.warm.rssMb)} | ${fmt(r.fresh.peakMb)} | ${fmt(r.warm.peakMb)} |`);
}
console.log('\nCompiled / tsx (same run):');
for (const database of ['PostgreSQL', 'PGlite']) {
  const compiled = results.find((r) => r.runtime === 'compiled' && r.database === database);
  const tsx = results.find((r) => r.runtime === 'tsx' && r.database === database);
  if (!compiled || !tsx) continue;
  console.log(`  ${database}: warm start ${fmt(compiled.warm.startMs / tsx.warm.startMs, 2)}x, CPU to ready ${fmt(compiled.warm.cpuMs / tsx.warm.cpuMs, 2)}x, warm RSS idle ${fmt(compiled.warm.rssMb / tsx.warm.rssMb, 2)}x`);
}
if (!adminUrl) console.log('\nPostgreSQL SKIPPED: no PostgreSQL binaries and no BENCH_DATABASE_URL.');
