/**
 * The end-to-end app-context override (window.__APP_CONTEXT__) must not reach production builds:
 * build lib/app-type.ts with Vite the way `npm run build` does, without and with
 * VITE_APP_CONTEXT_OVERRIDE=true, and look for the override in the minified output.
 */
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';

/** Run from the repository root, as vitest is (jsdom's import.meta.url is not a file URL). */
const entry = path.resolve('src/web/lib/app-type.ts');

async function bundle(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'app-type' } },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return outputs.flatMap((o) => o.output).map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('the app-context override in builds', () => {
  afterEach(() => {
    delete process.env.VITE_APP_CONTEXT_OVERRIDE;
  });

  it('is absent from a production build without the flag', async () => {
    delete process.env.VITE_APP_CONTEXT_OVERRIDE;
    const code = await bundle();
    expect(code).toContain('androidBridge');
    expect(code).not.toContain('__APP_CONTEXT__');
  });

  it('is present in a build made with VITE_APP_CONTEXT_OVERRIDE=true', async () => {
    process.env.VITE_APP_CONTEXT_OVERRIDE = 'true';
    expect(await bundle()).toContain('__APP_CONTEXT__');
  });
});
