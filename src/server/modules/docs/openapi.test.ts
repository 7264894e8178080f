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
});
