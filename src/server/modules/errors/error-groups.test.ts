/**
 * Reading and resolving the error log (issue #11, "Must show": resolve with the counter never
 * below 0, fingerprint grouping and regression, the daily metrics roll-up), on both databases.
 * Every number is checked against a hand count of what the test logged.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMetrics } from '../../db/schema';
import { databaseKind } from '../../test/test-app';
import { errorLogFixture, logged, read, stackAt, type ErrorLogFixture } from './testing/error-fixtures';

// Saturday 2026-11-21, 10:00 in Tampa
const NOW = new Date('2026-11-21T15:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

describe(`the error log: groups, resolve, counters (${databaseKind})`, () => {
  let f: ErrorLogFixture;
  beforeAll(async () => {
    f = await errorLogFixture({ now: NOW });
  });
  afterAll(() => f?.t.close());

  const counts = () => read(f.t, '/api/errors/counts', f.alice.cookie);
  const resolve = (id: string, cookie = f.admin.cookie) => f.t.request(`/api/admin/errors/${id}/resolve`, { method: 'POST', cookie });

  it('groups entries by fingerprint: one stack frame at any line is one group, with count, first and last seen and affected users', async () => {
    f.t.setNow(minutes(0));
    const first = await logged(f.t, { error_type: 'TypeError', error_message: 'boom 1', stack_trace: stackAt('PriceSummary', 10) }, f.alice.cookie);
    f.t.setNow(minutes(5));
    const second = await logged(f.t, { error_type: 'TypeError', error_message: 'boom 2', stack_trace: stackAt('PriceSummary', 99), severity: 'critical' }, f.bob.cookie);
    f.t.setNow(minutes(9));
    const third = await logged(f.t, { error_type: 'TypeError', error_message: 'boom 3', stack_trace: stackAt('PriceSummary', 12) }, f.alice.cookie);
    f.t.setNow(minutes(10));
    await logged(f.t, { error_type: 'TypeError', error_message: 'boom 4', stack_trace: stackAt('ReviewStep', 10) }); // another frame: another group
    expect(new Set([first.fingerprint, second.fingerprint, third.fingerprint]).size).toBe(1);

    const { groups } = await read(f.t, '/api/admin/errors/groups', f.admin.cookie);
    expect(groups).toHaveLength(2);
    expect(groups[1]).toEqual({
      fingerprint: first.fingerprint,
      error_type: 'TypeError',
      error_message: 'boom 3',
      severity: 'critical',
      count: 3,
      unresolved_count: 3,
      first_seen: minutes(0).toISOString(),
      last_seen: minutes(9).toISOString(),
      affected_users: 2,
      regression: false,
      last_resolved_at: null,
    });
    // the list filtered by the group: its three entries, newest first
    const { entries } = await read(f.t, `/api/admin/errors?fingerprint=${first.fingerprint}`, f.admin.cookie);
    expect(entries.map((e: { id: string }) => e.id)).toEqual([third.id, second.id, first.id]);
  });

  it('resolves one entry: the unresolved count drops by one, and resolving it again changes nothing', async () => {
    const before = await counts();
    expect(before).toEqual({ total: 4, critical: 1, unresolved: 4, window: 1000 });
    const [latest] = (await read(f.t, '/api/admin/errors?limit=1', f.admin.cookie)).entries;

    f.t.setNow(minutes(20));
    const once = await resolve(latest.id);
    expect(await once.json()).toEqual({ id: latest.id, resolved: true, changed: true, resolved_at: minutes(20).toISOString() });
    expect(await counts()).toEqual({ ...before, unresolved: 3 });

    f.t.setNow(minutes(30));
    const again = await resolve(latest.id);
    expect(await again.json()).toEqual({ id: latest.id, resolved: true, changed: false, resolved_at: minutes(20).toISOString() });
    expect(await counts()).toEqual({ ...before, unresolved: 3 });

    // two admins at once: exactly one of them resolves it
    const [other] = (await read(f.t, '/api/admin/errors?resolved=false&limit=1', f.admin.cookie)).entries;
    const answers = await Promise.all([resolve(other.id), resolve(other.id)]);
    expect((await Promise.all(answers.map((a) => a.json()))).map((b) => b.changed).sort()).toEqual([false, true]);
    expect((await counts()).unresolved).toBe(2);

    expect((await resolve('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await resolve(latest.id, f.alice.cookie)).status).toBe(403);
  });

  it('resolves a group with its entries; the same error again is a regression that reopens it', async () => {
    const { groups } = await read(f.t, '/api/admin/errors/groups?resolved=false', f.admin.cookie);
    const group = groups.find((g: { count: number }) => g.count === 3);
    f.t.setNow(minutes(40));
    const response = await f.t.request(`/api/admin/errors/groups/${group.fingerprint}/resolve`, { method: 'POST', cookie: f.admin.cookie });
    expect(await response.json()).toEqual({ fingerprint: group.fingerprint, resolved_count: 2 }); // one of its three was resolved before
    expect((await counts()).unresolved).toBe(0);
    const resolvedGroups = (await read(f.t, '/api/admin/errors/groups?resolved=true', f.admin.cookie)).groups;
    expect(resolvedGroups.find((g: { fingerprint: string }) => g.fingerprint === group.fingerprint)).toMatchObject({ unresolved_count: 0, regression: false, last_resolved_at: minutes(40).toISOString() });
    // resolving with nothing open is harmless, the counter stays at 0
    const again = await f.t.request(`/api/admin/errors/groups/${group.fingerprint}/resolve`, { method: 'POST', cookie: f.admin.cookie });
    expect(await again.json()).toEqual({ fingerprint: group.fingerprint, resolved_count: 0 });
    expect((await counts()).unresolved).toBe(0);
    expect((await f.t.request('/api/admin/errors/groups/0123456789abcdef/resolve', { method: 'POST', cookie: f.admin.cookie })).status).toBe(404);

    f.t.setNow(minutes(50));
    const back = await logged(f.t, { error_type: 'TypeError', error_message: 'boom 5', stack_trace: stackAt('PriceSummary', 77) }, f.bob.cookie);
    expect(back.fingerprint).toBe(group.fingerprint);
    expect((await read(f.t, `/api/admin/errors/${back.id}`, f.admin.cookie)).regression).toBe(true);
    const reopened = (await read(f.t, '/api/admin/errors/groups?resolved=false', f.admin.cookie)).groups;
    expect(reopened.find((g: { fingerprint: string }) => g.fingerprint === group.fingerprint)).toMatchObject({ count: 4, unresolved_count: 1, regression: true, last_seen: minutes(50).toISOString() });
    expect((await counts()).unresolved).toBe(1);
    // a group that never was resolved is no regression
    expect((await read(f.t, '/api/admin/errors?limit=100', f.admin.cookie)).entries.filter((e: { regression: boolean }) => e.regression)).toHaveLength(1);
  });

  it('filters the list by severity and resolved, and refuses bad filters', async () => {
    const critical = (await read(f.t, '/api/admin/errors?severity=critical', f.admin.cookie)).entries;
    expect(critical.map((e: { error_message: string }) => e.error_message)).toEqual(['boom 2']);
    const open = (await read(f.t, '/api/admin/errors?resolved=false', f.admin.cookie)).entries;
    expect(open.map((e: { error_message: string }) => e.error_message)).toEqual(['boom 5']);
    for (const query of ['severity=fatal', 'resolved=maybe', 'fingerprint=xyz', 'limit=0', 'limit=101']) {
      const response = await f.t.request(`/api/admin/errors?${query}`, { cookie: f.admin.cookie });
      expect(response.status, query).toBe(400);
    }
  });

  it('answers the latest 100 newest first, and counts over the latest 1000 only', async () => {
    // 1,100 more entries straight through log_error (as a direct SQL caller would), an hour ago
    await f.t.deps.db.execute(
      sql`select log_error(null, 'bulk ' || i, 'BulkError', null, null, null, null, null, null, case when i % 10 = 0 then 'critical' else 'warning' end, null, null, 'server', ${minutes(-60).toISOString()}::timestamptz - make_interval(secs => i)) from generate_series(1, 1100) as i`,
    );
    const { entries } = await read(f.t, '/api/admin/errors', f.admin.cookie);
    expect(entries).toHaveLength(100);
    const times = entries.map((e: { timestamp: string }) => e.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(entries[0].error_message).toBe('boom 5');
    // the latest 1000: our 5 entries and the 995 newest bulk ones (i = 1..995: 99 of them critical)
    expect(await counts()).toEqual({ total: 1000, critical: 1 + 99, unresolved: 1 + 995, window: 1000 });
    // a direct SQL caller without a fingerprint still gets one of 16 hexadecimal characters
    const bulk = (await read(f.t, '/api/admin/errors?severity=warning&limit=1', f.admin.cookie)).entries[0];
    expect(bulk.fingerprint).toMatch(/^[0-9a-f]{16}$/);
  });
});

describe(`error_metrics: the daily roll-up kept by the database (${databaseKind})`, () => {
  let f: ErrorLogFixture;
  beforeAll(async () => {
    f = await errorLogFixture({ now: NOW });
  });
  afterAll(() => f?.t.close());

  it('counts errors, critical, warnings and unique fingerprints per Tampa day, and answers every day of the window', async () => {
    const at = async (iso: string, body: Record<string, unknown>) => {
      f.t.setNow(new Date(iso));
      await logged(f.t, body);
    };
    // Friday 2026-11-20 (Tampa): 3 entries, 2 fingerprints, 1 critical, 1 warning
    await at('2026-11-20T14:00:00Z', { error_message: 'A 1', error_type: 'A', severity: 'critical' });
    await at('2026-11-20T18:00:00Z', { error_message: 'A 2', error_type: 'A', severity: 'warning' });
    await at('2026-11-21T04:59:00Z', { error_message: 'B', error_type: 'B' }); // 23:59 Friday in Tampa
    // Saturday 2026-11-21: 2 entries, 2 fingerprints (A again, counted once more that day), 2 warnings
    await at('2026-11-21T05:00:00Z', { error_message: 'A 3', error_type: 'A', severity: 'warning' }); // 00:00 Saturday in Tampa
    await at('2026-11-21T15:00:00Z', { error_message: 'C', error_type: 'C', severity: 'warning' });
    // Monday 2026-11-16: one info entry
    await at('2026-11-16T12:00:00Z', { error_message: 'D', error_type: 'D', severity: 'info' });
    // 2026-11-14 is outside a 7-day window ending Saturday the 21st
    await at('2026-11-14T12:00:00Z', { error_message: 'E', error_type: 'E' });

    f.t.setNow(new Date('2026-11-21T20:00:00Z'));
    const { days, metrics } = await read(f.t, '/api/admin/errors/metrics', f.admin.cookie);
    expect(days).toBe(7);
    const zero = (date: string) => ({ date, error_count: 0, critical_count: 0, warning_count: 0, unique_errors: 0 });
    expect(metrics).toEqual([
      { date: '2026-11-21', error_count: 2, critical_count: 0, warning_count: 2, unique_errors: 2 },
      { date: '2026-11-20', error_count: 3, critical_count: 1, warning_count: 1, unique_errors: 2 },
      zero('2026-11-19'),
      zero('2026-11-18'),
      zero('2026-11-17'),
      { date: '2026-11-16', error_count: 1, critical_count: 0, warning_count: 0, unique_errors: 1 },
      zero('2026-11-15'),
    ]);
    expect((await read(f.t, '/api/admin/errors/metrics?days=8', f.admin.cookie)).metrics.at(-1)).toEqual({ date: '2026-11-14', error_count: 1, critical_count: 0, warning_count: 0, unique_errors: 1 });
    expect((await f.t.request('/api/admin/errors/metrics?days=0', { cookie: f.admin.cookie })).status).toBe(400);
    expect((await f.t.request('/api/admin/errors/metrics?days=91', { cookie: f.admin.cookie })).status).toBe(400);

    // the table itself, as the trigger wrote it
    const rows = await f.t.deps.db.select().from(errorMetrics).orderBy(errorMetrics.date);
    expect(rows.map((r) => [r.date, r.errorCount, r.criticalCount, r.warningCount, r.uniqueErrors])).toEqual([
      ['2026-11-14', 1, 0, 0, 1],
      ['2026-11-16', 1, 0, 0, 1],
      ['2026-11-20', 3, 1, 1, 2],
      ['2026-11-21', 2, 0, 2, 2],
    ]);
  });

  it('counts nothing from a rolled-back insert', async () => {
    const before = await f.t.deps.db.select().from(errorMetrics);
    await f.t.deps.db
      .transaction(async (tx) => {
        await tx.execute(sql`select log_error(null, 'rolled back', 'X', null, null, null, null, null, null)`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await f.t.deps.db.select().from(errorMetrics)).toEqual(before);
  });
});
