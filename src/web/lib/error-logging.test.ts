// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorEntry, installErrorLogging, isMissingAuthContextError, logClientError, resetErrorLoggingLimits } from './error-logging';

const PAGE = { url: 'https://book.example.com/reset-password?token=abc123', userAgent: 'Mozilla/5.0 Test', route: '/reset-password', language: 'es' };

/** The bodies POSTed to /api/errors. */
function captureLogs() {
  const bodies: Record<string, unknown>[] = [];
  const fetchMock = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    if (String(url) === '/api/errors' && init?.method === 'POST') bodies.push(JSON.parse(String(init.body)));
    return new Response(JSON.stringify({ id: 'x', fingerprint: '0123456789abcdef' }), { status: 201 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { bodies, fetchMock };
}

describe('errorEntry', () => {
  it('builds the log_error fields, scrubbed, with severity error by default', () => {
    const error = new TypeError('Card 4242 4242 4242 4242 was refused for {"password":"hunter2"}');
    const entry = errorEntry(error, { kind: 'window_error', filePath: 'https://book.example.com/assets/a.js', lineNumber: 3, columnNumber: 9, context: { sessionToken: 's' } }, PAGE);
    expect(entry).toMatchObject({
      error_type: 'TypeError',
      error_message: 'Card [card] was refused for {"password":"[redacted]"}',
      file_path: 'https://book.example.com/assets/a.js',
      line_number: 3,
      column_number: 9,
      user_agent: 'Mozilla/5.0 Test',
      url: 'https://book.example.com/reset-password?token=[redacted]',
      severity: 'error',
      context: { kind: 'window_error', route: '/reset-password', language: 'es', sessionToken: '[redacted]' },
    });
    expect(entry!.stack_trace).toContain('TypeError');
  });

  it('cuts long fields to the API caps and describes anything thrown', () => {
    const entry = errorEntry(new Error('x'.repeat(5000)), {}, PAGE)!;
    expect(entry.error_message).toHaveLength(4000);
    expect(errorEntry('plain text', { kind: 'unhandled_rejection' }, PAGE)).toMatchObject({ error_type: 'UnhandledRejection', error_message: 'plain text' });
    expect(errorEntry({ code: 42 }, {}, PAGE)).toMatchObject({ error_type: 'Error', error_message: '{"code":42}' });
    expect(errorEntry(new Error('x'), { lineNumber: -1, columnNumber: 2.5 }, PAGE)).toMatchObject({ line_number: null, column_number: null });
  });

  it('ignores errors about a missing auth context', () => {
    for (const message of ['useAuth must be used within an AuthProvider', 'No auth context', 'Authentication context is missing']) {
      expect(isMissingAuthContextError(message), message).toBe(true);
      expect(errorEntry(new Error(message), {}, PAGE)).toBeNull();
    }
    expect(isMissingAuthContextError('Author name is required')).toBe(false);
  });
});

describe('installErrorLogging', () => {
  let uninstall: () => void = () => {};
  beforeEach(() => {
    resetErrorLoggingLimits();
    uninstall = installErrorLogging(window);
  });
  afterEach(() => {
    uninstall();
    vi.unstubAllGlobals();
  });

  it('logs window errors and unhandled rejections with severity error', async () => {
    const { bodies } = captureLogs();
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('Invalid time value'), message: 'Invalid time value', filename: 'https://x.example/assets/b.js', lineno: 7, colno: 11 }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('Request aborted') });
    window.dispatchEvent(rejection);
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[0]).toMatchObject({ error_type: 'RangeError', error_message: 'Invalid time value', severity: 'error', line_number: 7, column_number: 11, context: { kind: 'window_error' } });
    expect(bodies[1]).toMatchObject({ error_type: 'Error', error_message: 'Request aborted', severity: 'error', context: { kind: 'unhandled_rejection' } });
  });

  it('skips empty cross-origin "Script error." events, missing auth context errors and repeats', async () => {
    const { bodies } = captureLogs();
    window.dispatchEvent(new ErrorEvent('error', { message: 'Script error.' }));
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('useAuth must be used within an AuthProvider'), message: 'x' }));
    for (let i = 0; i < 3; i++) window.dispatchEvent(new ErrorEvent('error', { error: new Error('Same again'), message: 'Same again' }));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bodies.map((b) => b.error_message)).toEqual(['Same again']);
  });

  it('sends at most 10 entries a minute and never throws when the API is down', async () => {
    const { bodies } = captureLogs();
    for (let i = 0; i < 15; i++) await logClientError(new Error(`distinct ${i} ${'x'.repeat(i)}`));
    expect(bodies).toHaveLength(10);
    resetErrorLoggingLimits();
    vi.stubGlobal('fetch', vi.fn(async () => { throw new TypeError('Failed to fetch'); }));
    await expect(logClientError(new Error('offline'))).resolves.toBe(false);
  });
});
