/**
 * Starts the server: validates the configuration, opens (and locks) the database, migrates,
 * seeds, and serves the API and the built web app on PORT.
 */
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { startRuntime } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { startServerSentry } from './lib/sentry';
import { startScheduledJobs } from './scheduled-jobs';

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
  // Deferred holds, expiry and reconciliation, unused uploads, chat emails and reminders, every
  // JOB_INTERVAL_MS; each job once per interval across all processes (scheduled-jobs.ts).
  const jobs = startScheduledJobs(runtime.deps, runtime.handle, config.jobIntervalMs);

  const shutdown = (signal: string) => {
    const jobsStopped = jobs.stop(); // no new run; the one in progress finishes before the database closes
    logger.info({ signal }, 'shutting down');
    void runtime.deps.bookingEvents.close(); // ends the live streams so server.close() can finish
    server.close(() => {
      void jobsStopped.then(() => runtime.close()).finally(() => process.exit(0));
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
