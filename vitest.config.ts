import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { preactInProduction } from './vite.config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Four projects: pure domain rules, the API against a real database (PGlite by default,
// PostgreSQL when TEST_DATABASE_URL is set), web components in jsdom, and the few web tests of what
// the production runtime (Preact) does differently.
export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      { resolve: { alias }, test: { name: 'unit', include: ['src/domain/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias },
        test: { name: 'api', include: ['src/server/**/*.test.ts'], environment: 'node', globalSetup: ['./src/server/test/pglite-template.ts'], testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        resolve: { alias },
        test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'], exclude: ['src/web/**/*.preact.test.tsx'], environment: 'jsdom', setupFiles: ['./src/web/test/setup.ts'], testTimeout: 15_000 },
      },
      // What only the production runtime does (Preact through preact/compat, vite.config.ts): its hydration.
      {
        resolve: { alias: [{ find: '@', replacement: alias['@'] }, ...preactInProduction] },
        test: { name: 'web-preact', include: ['src/web/**/*.preact.test.tsx'], environment: 'jsdom', testTimeout: 15_000 },
      },
    ],
  },
});
