import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

type Operation = { 'x-access'?: string; requestBody?: unknown; parameters?: { in: string; name: string }[]; responses?: Record<string, unknown> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

describe(`the OpenAPI document and the reference page (${databaseKind})`, () => {
  let t: TestApp;
  let document: Document;

  beforeAll(async () => {
    t = await createTestApp();
    const response = await t.request('/api/openapi.json');
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });
  afterAll(() => t?.close());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('describes a declared route with its access rule, its schemas and its refusals', () => {
    const refund = document.paths['/api/admin/bookings/{id}/refund']?.post;
    expect(refund).toMatchObject({ 'x-access': 'admin', requestBody: { required: true } });
    expect(refund?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:id', 'header:Idempotency-Key']));
    expect(Object.keys(refund?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403', '404', '409', '422']));
    expect(document.components.schemas).toHaveProperty('BookingView');
    expect(document.components.schemas).toHaveProperty('ApiError');
  });

  it("includes Better Auth's endpoints under /api/auth", () => {
    expect(document.paths['/api/auth/sign-in/email']?.post).toMatchObject({ 'x-access': 'anonymous' });
    expect(document.paths['/api/auth/sign-up/email']?.post).toBeDefined();
  });

  it('serves the reference page with its own scripts only (no CDN)', async () => {
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/scalar.js"></script>');
    expect(html).not.toMatch(/https?:\/\//);
    const script = await t.request('/api/docs/scalar.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });

  it('documents the operations areas (dispatch, workers, the worker day, the outbox) with their access rules and answers', () => {
    const expected: [string, string, string][] = [
      ['get', '/api/admin/bookings', 'admin'],
      ['get', '/api/admin/bookings/{id}', 'admin'],
      ['post', '/api/admin/bookings/{id}/contacted', 'admin'],
      ['post', '/api/admin/bookings/{id}/assign', 'admin'],
      ['post', '/api/admin/bookings/{id}/eta', 'admin'],
      ['post', '/api/admin/bookings/{id}/reschedule', 'admin'],
      ['get', '/api/admin/workers', 'admin'],
      ['patch', '/api/admin/workers/{id}', 'admin'],
      ['get', '/api/admin/outbox', 'admin'],
      ['get', '/api/worker/profile', 'worker'],
      ['put', '/api/worker/availability', 'worker'],
      ['patch', '/api/worker/settings', 'worker'],
      ['get', '/api/worker/jobs', 'worker'],
      ['post', '/api/worker/jobs/{id}/accept', 'assigned_worker'],
      ['post', '/api/worker/jobs/{id}/on-my-way', 'assigned_worker'],
      ['post', '/api/worker/jobs/{id}/start', 'assigned_worker'],
      ['post', '/api/worker/jobs/{id}/complete', 'assigned_worker'],
    ];
    for (const [method, path, access] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toMatchObject({ 'x-access': access });
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining(['200', '401', '403']));
    }
    expect(document.paths['/api/worker/jobs/{id}/complete']?.post?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['path:id', 'header:Idempotency-Key']));
    for (const name of ['DispatchBooking', 'DispatchBookingDetail', 'BookingEvent', 'AdminWorker', 'WorkerJob', 'WorkerProfile', 'WeeklyRange', 'TimeOff', 'OutboxMessage']) {
      expect(document.components.schemas, name).toHaveProperty(name);
    }
  });

  it('documents the people and account areas (me, account, saved cards, users, worker applications, the admin session) with their access rules', () => {
    const expected: [string, string, string][] = [
      ['get', '/api/me', 'anonymous'],
      ['patch', '/api/me/profile', 'signed_in'],
      ['delete', '/api/account', 'signed_in'],
      ['get', '/api/account/preferences', 'signed_in'],
      ['put', '/api/account/preferences', 'signed_in'],
      ['get', '/api/account/addresses', 'signed_in'],
      ['post', '/api/account/addresses', 'signed_in'],
      ['patch', '/api/account/addresses/{id}', 'signed_in'],
      ['delete', '/api/account/addresses/{id}', 'signed_in'],
      ['get', '/api/account/payment-methods', 'signed_in'],
      ['put', '/api/account/payment-methods/{id}/default', 'signed_in'],
      ['delete', '/api/account/payment-methods/{id}', 'signed_in'],
      ['get', '/api/admin/users', 'admin'],
      ['patch', '/api/admin/users/{id}/role', 'admin'],
      ['post', '/api/admin/users/{id}/disable', 'admin'],
      ['post', '/api/admin/users/{id}/enable', 'admin'],
      ['post', '/api/worker-applications', 'signed_in'],
      ['get', '/api/worker-applications/mine', 'signed_in'],
      ['get', '/api/admin/worker-applications', 'admin'],
      ['get', '/api/admin/worker-applications/{id}', 'admin'],
      ['post', '/api/admin/worker-applications/{id}/approve', 'admin'],
      ['post', '/api/admin/worker-applications/{id}/reject', 'admin'],
      ['get', '/api/admin/session', 'staff'],
    ];
    for (const [method, path, access] of expected) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toMatchObject({ 'x-access': access });
      // every rule but anonymous refuses someone, and says so
      if (access !== 'anonymous') expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining([access === 'staff' ? '403' : '401']));
    }
    expect(Object.keys(document.paths['/api/admin/users']?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '403']));
    expect(document.paths['/api/admin/users']?.get?.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:q', 'query:page', 'query:pageSize']));
    expect(document.paths['/api/account/addresses/{id}']?.patch).toMatchObject({ requestBody: { required: true } });
    for (const name of ['Me', 'Profile', 'SavedAddress', 'Preferences', 'SavedCard', 'AdminUsersPage', 'AdminUser', 'WorkerApplication', 'ApplicationForReview', 'StaffSession']) {
      expect(document.components.schemas, name).toHaveProperty(name);
    }
  });
});
