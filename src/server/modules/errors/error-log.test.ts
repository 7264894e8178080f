/**
 * `POST /api/errors` (issue #11, "Must show": log_error with every field and with wrong types,
 * scrubbing, the rate limit), on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorFingerprint } from '../../../domain/error-fingerprint';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { errorLogFixture, logged, postError, read, stackAt, type ErrorLogFixture } from './testing/error-fixtures';

const NOW = new Date('2026-11-21T15:00:00Z');

describe(`POST /api/errors (${databaseKind})`, () => {
  let f: ErrorLogFixture;
  beforeAll(async () => {
    f = await errorLogFixture({ now: NOW });
  });
  afterAll(() => f?.t.close());

  it('stores every field through log_error, with the user from the session and the fingerprint of the rule', async () => {
    const stack = stackAt('PriceSummary', 12);
    const body = {
      error_message: "Cannot read properties of undefined (reading 'total')",
      error_type: 'TypeError',
      stack_trace: stack,
      file_path: 'https://book.example.com/assets/booking-page-Dx81_aQz.js',
      line_number: 12,
      column_number: 17,
      user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0',
      url: 'https://book.example.com/book/tv-installation?step=review',
      severity: 'critical',
      context: { route: '/book/:slug', language: 'es', step: 7 },
      user_id: f.bob.userId,
    };
    const response = await postError(f.t, body, { cookie: f.alice.cookie });
    expect(response.status).toBe(201);
    const { id, fingerprint } = await response.json();
    expect(fingerprint).toBe(errorFingerprint({ errorType: 'TypeError', errorMessage: body.error_message, stackTrace: stack }));

    const entry = await read(f.t, `/api/admin/errors/${id}`, f.admin.cookie);
    const { user_id: _ignored, ...fields } = body;
    expect(entry).toEqual({
      id,
      ...fields,
      resolved: false,
      resolved_at: null,
      timestamp: NOW.toISOString(),
      user_id: f.alice.userId,
      user: { id: f.alice.userId, name: 'Alice Customer', email: 'alice@example.com' },
      fingerprint,
      source: 'client',
      regression: false,
    });
  });

  it('needs only the message: type Error, severity error, no user for a visitor', async () => {
    const { id } = await logged(f.t, { error_message: 'Something odd' });
    expect(await read(f.t, `/api/admin/errors/${id}`, f.admin.cookie)).toMatchObject({
      error_type: 'Error',
      severity: 'error',
      user_id: null,
      user: null,
      stack_trace: null,
      line_number: null,
      context: null,
    });
  });

  it('refuses wrong types with a 400 naming each field, in the caller\'s language', async () => {
    const response = await postError(f.t, {
      error_message: 42,
      error_type: ['TypeError'],
      stack_trace: { frames: [] },
      line_number: 'twelve',
      column_number: -1,
      user_agent: false,
      url: 7,
      severity: 'fatal',
      context: 'not an object',
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details).toEqual({
      error_message: 'Please check this field.',
      error_type: 'Please check this field.',
      stack_trace: 'Please check this field.',
      line_number: 'Line and column numbers must be whole numbers from 0.',
      column_number: 'Line and column numbers must be whole numbers from 0.',
      user_agent: 'Please check this field.',
      url: 'Please check this field.',
      severity: 'Severity must be critical, error, warning or info.',
      context: 'The context must be a JSON object.',
    });

    const spanish = await f.t.request('/api/errors', { method: 'POST', json: { severity: 'fatal' }, headers: { 'Accept-Language': 'es' } });
    expect((await spanish.json()).details).toEqual({ error_message: 'Por favor, revise este campo.', severity: 'La gravedad debe ser critical, error, warning o info.' });
  });

  it('refuses an empty message, oversize fields and a NUL character', async () => {
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ error_message: '   ' }, { error_message: 'An error message is required.' }],
      [{ error_message: 'x'.repeat(4001) }, { error_message: 'This is too long.' }],
      [{ error_message: 'x', stack_trace: 's'.repeat(16_001) }, { stack_trace: 'This is too long.' }],
      [{ error_message: 'x', url: `https://x.example/${'a'.repeat(2000)}` }, { url: 'This is too long.' }],
      [{ error_message: 'x', context: { blob: 'b'.repeat(9000) } }, { context: 'The context is larger than 8 KB.' }],
      [{ error_message: 'x', line_number: 1.5 }, { line_number: 'Line and column numbers must be whole numbers from 0.' }],
    ];
    for (const [body, details] of cases) {
      const response = await postError(f.t, body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((await response.json()).details).toEqual(details);
    }
    const nul = await postError(f.t, { error_message: 'a\u0000b' });
    expect(nul.status).toBe(400);
  });

  it('scrubs card numbers, passwords and tokens from every field before storing', async () => {
    const { id } = await logged(f.t, {
      error_message: 'Payment failed for 4242 4242 4242 4242 with {"password":"hunter2"}',
      error_type: 'PaymentError',
      stack_trace: 'PaymentError: at token=abc123\n    at pay (https://book.example.com/assets/payment-abcdefgh.js:1:2)',
      url: 'https://book.example.com/reset-password?token=s3cr3t&lang=es',
      user_agent: 'Mozilla/5.0 Authorization: Bearer abc.def',
      context: { form: { cardNumber: '4000000000000002', cvc: '123', email: 'a@b.co', note: 'card 5555555555554444' }, sessionToken: 'x' },
    });
    const entry = await read(f.t, `/api/admin/errors/${id}`, f.admin.cookie);
    const stored = JSON.stringify(entry);
    for (const secret of ['4242', 'hunter2', 'abc123', 's3cr3t', 'abc.def', '4000000000000002', '"123"', '5555555555554444']) expect(stored).not.toContain(secret);
    expect(entry.error_message).toBe('Payment failed for [card] with {"password":"[redacted]"}');
    expect(entry.url).toBe('https://book.example.com/reset-password?token=[redacted]&lang=es');
    expect(entry.context).toEqual({ form: { cardNumber: '[redacted]', cvc: '[redacted]', email: 'a@b.co', note: 'card [card]' }, sessionToken: '[redacted]' });
  });
});

describe(`POST /api/errors: the rate limit per client IP (${databaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { ERROR_LOG_RATE_LIMIT_MAX: '3', ERROR_LOG_RATE_LIMIT_WINDOW_SECONDS: '60', TRUST_PROXY: 'true' } });
  });
  afterAll(() => t?.close());

  const from = (ip: string, body: unknown = { error_message: 'x' }) => postError(t, body, { headers: { 'X-Forwarded-For': ip } });

  it('takes 3 entries a minute from one address, then 429 with Retry-After until the window ends', async () => {
    // malformed entries cost nothing and do not count
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.7', { error_message: 5 })).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await from('203.0.113.7')).status).toBe(201);
    const refused = await from('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toBe('60');
    expect(await refused.json()).toMatchObject({ code: 'rate_limited' });

    // another address is not affected
    expect((await from('198.51.100.9')).status).toBe(201);
    // the next window takes entries again
    t.setNow(new Date(NOW.getTime() + 61_000));
    expect((await from('203.0.113.7')).status).toBe(201);
  });
});
