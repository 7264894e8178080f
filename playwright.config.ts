import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN, E2E_SECOND_WORKER, E2E_WORKER } from './tests/e2e/support/e2e-admin';
import { E2E_VAPID } from './tests/e2e/support/e2e-push';

// End-to-end tests against the production build (run `node scripts/build-web.mjs` first; `npm test` does),
// served by the real server on a fresh embedded database. Chromium comes from Debian's package.
const port = Number(process.env.E2E_PORT ?? 4319);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-e2e-'));


export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace costs every action snapshots: in CI only a retry records one (a test that
    // failed once runs again traced). Measured here, three specs (8 tests): 2.8-3.2 -> 2.3-2.5 min,
    // CPU -22%. Local runs, without retries, keep the trace of any failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    // An admin and two workers (all skills, business hours every day) for the operator-side tests.
    // The compiled server, as production runs it (issue #16; built or refreshed first by ensure-build).
    command: [
      'node scripts/ensure-build.mjs --server',
      `node dist-server/user-create.js --email ${E2E_ADMIN.email} --password ${E2E_ADMIN.password} --role admin --name "E2E Admin"`,
      `node dist-server/user-create.js --email ${E2E_WORKER.email} --password ${E2E_WORKER.password} --role worker --name "${E2E_WORKER.name}"`,
      `node dist-server/user-create.js --email ${E2E_SECOND_WORKER.email} --password ${E2E_SECOND_WORKER.password} --role worker --name "${E2E_SECOND_WORKER.name}"`,
      'node dist-server/index.js',
    ].join(' && '),
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // Generous: a busy machine (building the server first, then migrating) has taken over a minute.
    timeout: 180_000,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000', ANALYTICS_RATE_LIMIT_MAX: '10000', NODE_ENV: 'test', VAPID_PUBLIC_KEY: E2E_VAPID.publicKey, VAPID_PRIVATE_KEY: E2E_VAPID.privateKey, VAPID_SUBJECT: E2E_VAPID.subject },
  },
});
