/**
 * Starts the server: validates the configuration, opens (and locks) the database, migrates,
 * seeds, and serves the API and the built web app on PORT.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { startRuntime } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { startServerSentry } from './lib/sentry';
import { runScheduledJobs } from './scheduled-jobs';

const JOB_INTERVAL_MS = 60_000;

async function main() {
  const config = loadConfig();
  const runtime = await startRuntime(config);
  const { logger } = runtime.deps;
  await startServerSentry(config, logger); // only with SENTRY_DSN
  const app = createApp(runtime.deps, { staticRoot: config.webDistDir });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      { port: info.port, database: runtime.handle.kind, dataDir: runtime.handle.kind === 'pglite' ? config.dataDir : undefined, payments: runtime.deps.gateway.name },
      `Tampa handyman is serving on http://localhost:${info.port}`,
    );
  });
  // Deferred holds, expiry and reconciliation, then unused uploads, once a minute; one run at a time.
  // A failed job is logged and written to the error log (scheduled-jobs.ts).
  let jobsRunning = false;
  const jobs = setInterval(() => {
    if (jobsRunning) return;
    jobsRunning = true;
    void runScheduledJobs(runtime.deps).finally(() => {
      jobsRunning = false;
    });
  }, JOB_INTERVAL_MS);
  jobs.unref();

  const shutdown = (signal: string) => {
    clearInterval(jobs);
    logger.info({ signal }, 'shutting down');
    void runtime.deps.bookingEvents.close(); // ends the live streams so server.close() can finish
    server.close(() => {
      runtime.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
  process.exit(1);
});
