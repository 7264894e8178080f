/**
 * Vitest global setup for the API project on PGlite: builds one migrated, seeded in-memory
 * database per run and saves its image (`dumpDataDir`, uncompressed tar) for createTestApp to
 * load. PGlite's initdb costs ~2 s per database; loading the image costs ~0.5 s, and every API
 * test file opens several. Migrations and the seed still run on each loaded copy (both are
 * idempotent), so the copy is always current. Skipped on PostgreSQL (TEST_DATABASE_URL).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { seedDatabase } from '../db/seed';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The path of the migrated PGlite image, or '' when tests run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const handle = await openDatabase({ dir: 'memory://' });
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db);
    const image = await handle.pglite!.dumpDataDir('none');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'handyman-pglite-template-'));
    const file = path.join(dir, 'template.tar');
    fs.writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    project.provide('pgliteTemplate', file);
    return () => fs.rmSync(dir, { recursive: true, force: true });
  } finally {
    await handle.close();
  }
}
