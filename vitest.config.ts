import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// Three projects: pure domain rules, the API against a real database (PGlite by default,
// PostgreSQL when TEST_DATABASE_URL is set), and web components in jsdom.
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
        test: { name: 'web', include: ['src/web/**/*.test.{ts,tsx}'], environment: 'jsdom', setupFiles: ['./src/web/test/setup.ts'], testTimeout: 15_000 },
      },
    ],
  },
});
