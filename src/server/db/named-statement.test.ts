/**
 * Statements built once (issue #16, docs/decisions/048-booking-writes-built-once.md): drizzle
 * builds the SQL on the first call only, every call writes its own values (through the columns'
 * encoders, null kept as null), the rows come back as drizzle's own `returning()` and a select
 * decode them, and inside a transaction the write is the transaction's. On the embedded database,
 * or on PostgreSQL with TEST_DATABASE_URL (where the statement runs named on each connection).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { errorLogs } from './schema';
import { insertBuiltOnce } from './named-statement';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Values = { errorType: string; message: string; fingerprint: string; context: Record<string, unknown> | null; resolvedAt: Date | null; lineNumber: number | null; at: Date };

let builds = 0;
const insertError = insertBuiltOnce<typeof errorLogs, Values>(errorLogs, (db) => {
  builds++;
  const value = sql.placeholder;
  return db
    .insert(errorLogs)
    .values({ errorType: value('errorType'), errorMessage: value('message'), fingerprint: value('fingerprint'), context: value('context'), resolvedAt: value('resolvedAt'), lineNumber: value('lineNumber'), timestamp: value('at'), source: 'server' })
    .returning();
});

describe(`insertBuiltOnce (${process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'})`, () => {
  it('writes each call its own values and returns the rows as a select reads them', async () => {
    const db = t.deps.db;
    const first = await insertError(db, { errorType: 'TypeError', message: 'first', fingerprint: 'aaaaaaaaaaaaaaaa', context: { route: '/book', lang: 'es' }, resolvedAt: null, lineNumber: 12, at: new Date('2026-11-25T10:00:00.000Z') });
    const second = await insertError(db, { errorType: 'RangeError', message: 'second', fingerprint: 'bbbbbbbbbbbbbbbb', context: null, resolvedAt: new Date('2026-11-25T11:30:00.000Z'), lineNumber: null, at: new Date('2026-11-25T11:00:00.000Z') });
    expect(builds).toBe(1);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ errorType: 'TypeError', errorMessage: 'first', context: { route: '/book', lang: 'es' }, resolvedAt: null, lineNumber: 12, source: 'server', severity: 'error', resolved: false });
    expect(first[0]!.timestamp).toEqual(new Date('2026-11-25T10:00:00.000Z'));
    expect(second[0]).toMatchObject({ errorType: 'RangeError', errorMessage: 'second', context: null, lineNumber: null });
    expect(second[0]!.resolvedAt).toEqual(new Date('2026-11-25T11:30:00.000Z'));
    for (const row of [first[0]!, second[0]!]) {
      const [read] = await db.select().from(errorLogs).where(eq(errorLogs.id, row.id));
      expect(row).toEqual(read);
    }
  });

  it("runs inside the caller's transaction: rolled back with it", async () => {
    const db = t.deps.db;
    let written: string | undefined;
    await expect(
      db.transaction(async (tx) => {
        const [row] = await insertError(tx, { errorType: 'Error', message: 'rolled back', fingerprint: 'cccccccccccccccc', context: null, resolvedAt: null, lineNumber: null, at: new Date() });
        written = row!.id;
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(written).toBeDefined();
    expect(await db.select().from(errorLogs).where(eq(errorLogs.id, written!))).toEqual([]);
  });

  it('refuses a call that leaves a value out, writing nothing', async () => {
    const db = t.deps.db;
    const before = await db.select().from(errorLogs);
    const { fingerprint: _left, ...values } = { errorType: 'Error', message: 'incomplete', fingerprint: 'dddddddddddddddd', context: null, resolvedAt: null, lineNumber: null, at: new Date() };
    await expect(insertError(db, values as Values)).rejects.toThrow('No value for placeholder "fingerprint"');
    expect(await db.select().from(errorLogs)).toHaveLength(before.length);
  });
});
