/**
 * Property-based fuzzing of every route in the OpenAPI document (issue #10): for each operation,
 * fast-check builds malformed requests from its declared schemas — wrong types, missing and extra
 * fields, 1 MB strings, deep nesting, NUL characters, invalid dates and ids, invalid JSON, the wrong
 * content type, oversize bodies — and sends them as a caller the route admits (so they reach its
 * validation, not only its access check). Every answer must be a 4xx with the
 * `{ message, code, details, hint }` body: never a 5xx, never a stack trace. The number of
 * requests sent is printed and must be at least MIN_REQUESTS.
 *
 * Better Auth's own routes (/api/auth/*) answer in Better Auth's shapes and may redirect a browser
 * or ignore an option they do not know; for them the rule is "never a 5xx, never a stack trace".
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles } from './db/schema';
import { makeWorker } from './modules/workers/worker-defaults';
import { createTestApp, databaseKind, type TestApp } from './test/test-app';

const MIN_REQUESTS = 10_000;
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 0);

type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; required?: string[]; items?: Schema; enum?: unknown[]; format?: string; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[] };
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: Schema };
type Operation = { 'x-access'?: string; parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

interface Malformed {
  path: string;
  query: string;
  contentType?: string;
  body?: string;
  label: string;
  /** False when the request may well be valid (a free-text query value): then a 2xx is right too. */
  malformed?: boolean;
}

const NUL = '\u0000';
const MB = 'x'.repeat(1024 * 1024);
const deep = (levels: number): unknown => (levels === 0 ? 'bottom' : { a: deep(levels - 1) });

/** Values that are wrong for a declared type (null is right for a nullable one, any text for a string without a format or choices). */
function wrongFor(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const types = Array.isArray(schema?.type) ? schema.type : [schema?.type];
  const type = types[0];
  const orNull = types.includes('null') ? [] : [fc.constant(null)];
  const anyWrong = fc.oneof(fc.constant(null), fc.constant([]), fc.constant({}), fc.boolean(), fc.double({ noNaN: false }), fc.string(), fc.constant(MB), fc.constant(`a${NUL}b`), fc.constant(deep(40)));
  switch (type) {
    case 'string':
      return fc.oneof(fc.integer(), fc.boolean(), ...orNull, fc.constant({}), fc.constant([]), fc.constant(`bad${NUL}text`), fc.constant(MB), ...(schema?.format || schema?.enum ? [fc.constant('9999-99-99T99:99:99Z')] : []));
    case 'integer':
    case 'number':
      return fc.oneof(fc.string(), fc.constant(1e308), fc.constant(-1), fc.constant(2 ** 53), fc.constant(2 ** 31), fc.constant(0.5), ...orNull, fc.constant([]), fc.constant('12'));
    case 'boolean':
      return fc.oneof(fc.string(), fc.integer(), ...orNull, fc.constant('true'));
    case 'array':
      return fc.oneof(fc.string(), fc.integer(), fc.constant({}), ...orNull, fc.constant(Array.from({ length: 10_000 }, () => 'x')));
    case 'object':
      return fc.oneof(fc.string(), fc.integer(), fc.constant([]), ...orNull, fc.constant(deep(40)));
    default:
      return anyWrong;
  }
}

function resolve(document: Document, schema: Schema | undefined): Schema | undefined {
  if (!schema?.$ref) return schema;
  return resolve(document, document.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
}

/** A JSON body that breaks the declared schema in one of many ways. */
function malformedBody(document: Document, declared: Schema | undefined): fc.Arbitrary<{ body: string; contentType: string; label: string }> {
  const schema = resolve(document, declared);
  const properties = schema?.properties ?? {};
  const required = schema?.required ?? [];
  const json = (value: unknown, label: string) => ({ body: JSON.stringify(value), contentType: 'application/json', label });
  const validish = fc.dictionary(fc.constantFrom(...Object.keys(properties), 'extra'), fc.anything(), { maxKeys: 4 });
  const kinds: fc.Arbitrary<{ body: string; contentType: string; label: string }>[] = [
    fc.constantFrom('{', '{"a":', '[1,', 'nul', '{"a":1}}', '\u0000').map((body) => ({ body, contentType: 'application/json', label: 'invalid JSON' })),
    fc.constantFrom('null', '[]', '42', '"text"', 'true').map((body) => ({ body, contentType: 'application/json', label: 'wrong top-level type' })),
    validish.map((value) => ({ body: JSON.stringify(value), contentType: 'text/plain', label: 'wrong content type' })),
    fc.constant(json({ ...Object.fromEntries(Object.keys(properties).map((k) => [k, MB])), padding: 'y'.repeat(200_000) }, 'oversize body')),
    fc.constant(json(deep(200), 'deep nesting')),
    validish.map((value) => json({ ...value, [`key${NUL}`]: `value${NUL}` }, 'NUL characters')),
  ];
  if (required.length > 0) {
    kinds.push(
      fc.tuple(fc.constantFrom(...required), validish).map(([missing, value]) => {
        const copy: Record<string, unknown> = { ...value, unexpected: 'extra field' };
        delete copy[missing];
        return json(copy, `missing ${missing}`);
      }),
      fc
        .constantFrom(...required)
        .chain((field) => wrongFor(resolve(document, properties[field])).map((wrong) => ({ field, wrong })))
        .map(({ field, wrong }) => json({ [field]: wrong, unexpected: true }, `wrong type for ${field}`)),
    );
  } else if (Object.keys(properties).length > 0) {
    kinds.push(
      fc
        .constantFrom(...Object.keys(properties))
        .chain((field) => wrongFor(resolve(document, properties[field])).map((wrong) => ({ field, wrong })))
        .map(({ field, wrong }) => json({ [field]: wrong }, `wrong type for ${field}`)),
    );
  }
  return fc.oneof(...kinds);
}

const badId = fc.oneof(
  fc.constantFrom('abc', 'a%00b', '%00', `${'f'.repeat(5000)}`, '00000000-0000-0000-0000-000000000000', '..%2F..%2Fetc', '9999-12-31', '-1', 'null', 'undefined', '%E0%A4%A'),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)),
);
const badQueryValue = fc.oneof(fc.constantFrom('9999-12-31', '0000-00-00', '2026-02-30', '-5', '1e309', 'NaN', '%00', 'x'.repeat(5000), ''), fc.string({ maxLength: 20 }));

/**
 * Whether a query surely breaks a declared rule: a NUL anywhere, a required parameter missing, a
 * value outside a parameter's choices, a number parameter that is not one. A free-text value
 * (a search) may be valid, and so may no query at all when every parameter is optional.
 */
function surelyBadQuery(entries: [string, string][], parameters: Parameter[]): boolean {
  const declared = parameters.filter((p) => p.in === 'query');
  if (declared.some((p) => p.required && !entries.some(([key]) => key === p.name))) return true;
  return entries.some(([key, value]) => {
    if (key.includes(NUL) || value.includes(NUL)) return true;
    const schema = declared.find((p) => p.name === key)?.schema;
    if (schema?.enum) return !schema.enum.includes(value);
    if (schema?.type === 'integer' || schema?.type === 'number') return !Number.isFinite(Number(value));
    return false;
  });
}

function requestsFor(document: Document, path: string, method: string, operation: Operation): fc.Arbitrary<Malformed> {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const declaredBody = operation.requestBody?.content?.['application/json']?.schema;
  const url = fc.tuple(...pathParams.map(() => badId)).map((ids) => pathParams.reduce((p, name, i) => p.replace(`{${name}}`, ids[i]!), path));
  const validPathUrl = fc.tuple(...pathParams.map(() => fc.uuid())).map((ids) => pathParams.reduce((p, name, i) => p.replace(`{${name}}`, ids[i]!), path));
  const queryEntries = fc.dictionary(fc.constantFrom(...queryParams, 'unexpected', `q${NUL}`), badQueryValue, { maxKeys: 3 }).map((entries) => Object.entries(entries));
  const query = queryEntries.map((entries) => entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'));
  const hasBody = method !== 'get' && method !== 'delete';
  if (!hasBody) {
    // Without declared inputs an unknown query parameter is simply ignored: send one holding a NUL.
    if (pathParams.length + queryParams.length === 0) {
      return fc.record({ path: url, query: query.map((q) => `${q}${q ? '&' : ''}bad=${encodeURIComponent(`a${NUL}b`)}`) }).map((r) => ({ ...r, label: 'bad path or query' }));
    }
    // A path id of any shape names nothing here; a query is malformed only when it surely breaks a rule.
    return fc.record({ path: url, entries: queryEntries }).map(({ path: target, entries }) => ({
      path: target,
      query: entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&'),
      label: 'bad path or query',
      malformed: pathParams.length > 0 || surelyBadQuery(entries, operation.parameters ?? []),
    }));
  }
  const body = malformedBody(document, declaredBody);
  // Half of the bodies go to a well-formed path, so that they reach the body's validation.
  return fc.record({ path: fc.oneof(url, validPathUrl), query: fc.constant(''), body }).map((r) => ({ path: r.path, query: r.query, contentType: r.body.contentType, body: r.body.body, label: r.body.label }));
}

describe(`fuzzing every route from its schema (${databaseKind})`, () => {
  let t: TestApp;
  let document: Document;
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000000' } });
    document = (await (await t.request('/api/openapi.json')).json()) as Document;
    const customer = await t.signUp();
    const worker = await t.signUp();
    await makeWorker(t.deps.db, worker.userId);
    const admin = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    Object.assign(cookies, { customer: customer.cookie, worker: worker.cookie, admin: admin.cookie });
  }, 120_000);
  afterAll(() => t?.close());

  it(`answers at least ${MIN_REQUESTS} malformed requests with a 4xx and the error body, never a 5xx`, async () => {
    const operations = Object.entries(document.paths)
      .flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })))
      // a live stream and the reference page take no input
      .filter(({ path }) => !path.endsWith('/events') && !path.startsWith('/api/docs') && path !== '/api/openapi.json');
    const runs = RUNS_PER_OPERATION || Math.ceil(MIN_REQUESTS / operations.length);
    /** "METHOD path (kind) -> status" -> how many, with one example body. */
    const failures = new Map<string, { count: number; example: string }>();
    const fail = (where: string, example: string) => {
      const seen = failures.get(where);
      failures.set(where, { count: (seen?.count ?? 0) + 1, example: seen?.example ?? example.slice(0, 200) });
    };
    const statuses: Record<number, number> = {};
    let sent = 0;
    for (const { path, method, operation } of operations) {
      const access = operation['x-access'] ?? 'anonymous';
      const cookie = access === 'admin' || access === 'staff' ? cookies.admin : access === 'worker' || access === 'assigned_worker' ? cookies.worker : cookies.customer;
      const samples = fc.sample(requestsFor(document, path, method, operation), { numRuns: runs, seed: 20261123 + sent });
      for (const sample of samples) {
        const headers: Record<string, string> = { Origin: t.config.publicUrl, 'Idempotency-Key': `fuzz-${sent}-key`, Cookie: cookie! };
        if (sample.contentType) headers['Content-Type'] = sample.contentType;
        const target = `${sample.path}${sample.query ? `?${sample.query}` : ''}`;
        const response = await t.app.request(target, { method: method.toUpperCase(), headers, body: sample.body });
        sent++;
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        const text = await response.text();
        const where = `${method.toUpperCase()} ${path} (${sample.label}) -> ${response.status}`;
        // Better Auth's browser endpoints answer a bad link with a redirect to our error page.
        // Better Auth's own routes: never a 5xx (its browser endpoints may redirect, its reads may ignore a bad option).
        const ours = !path.startsWith('/api/auth/');
        if (response.status >= 500 || (ours && response.status < 400 && sample.malformed !== false)) {
          fail(where, `${target.slice(0, 120)} ${text}`);
          continue;
        }
        if (/\n\s+at .+:\d+:\d+/.test(text)) fail(`${where}: stack trace in the body`, text);
        if (!ours || response.status < 400) continue;
        let body: Record<string, unknown> | null = null;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          fail(`${where}: not JSON`, text);
          continue;
        }
        const shaped = typeof body.message === 'string' && typeof body.code === 'string' && 'details' in body && 'hint' in body;
        if (!shaped) fail(`${where}: not the error body`, text);
      }
    }
    console.log(`fuzz (${databaseKind}): ${sent} malformed requests over ${operations.length} operations; statuses ${JSON.stringify(statuses)}; ${failures.size} kinds of failure`);
    expect([...failures].map(([where, { count, example }]) => `${where} x${count}: ${example}`)).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
  }, 600_000);
});
