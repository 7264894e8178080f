import { describe, expect, it } from 'vitest';
import { errorFingerprint, fingerprintKey, firstInAppFrame, fnv1a64, normalizeFramePath, normalizeMessage, parseStackFrames, FINGERPRINT_PATTERN } from './error-fingerprint';

const CHROME = `TypeError: Cannot read properties of undefined (reading 'total')
    at PriceSummary (https://book.example.com/assets/booking-page-Dx81_aQz.js:12:3456)
    at renderWithHooks (https://book.example.com/assets/index-BQ4xk1Zt.js:1:20000)
    at https://book.example.com/assets/index-BQ4xk1Zt.js:1:30000`;
const FIREFOX = `PriceSummary@https://book.example.com/assets/booking-page-Dx81_aQz.js:12:3456
renderWithHooks@https://book.example.com/assets/index-BQ4xk1Zt.js:1:20000`;
const NODE = `Error: boom
    at async Promise.all (index 0)
    at Object.createBooking (/srv/app/node_modules/some-lib/index.js:10:5)
    at createBooking (/srv/app/src/server/modules/bookings/bookings.service.ts:120:11)
    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)`;
const DEV = `Error: x
    at chunk (http://localhost:5173/node_modules/.vite/deps/react-dom.js?v=1:3:4)
    at BookingFlow (http://localhost:5173/src/web/features/booking/components/booking-flow.tsx?t=17:40:9)`;

describe('parseStackFrames', () => {
  it('reads V8 frames with and without a function name, and SpiderMonkey/JavaScriptCore frames', () => {
    expect(parseStackFrames(CHROME)).toEqual([
      { fn: 'PriceSummary', file: 'https://book.example.com/assets/booking-page-Dx81_aQz.js', line: 12, column: 3456 },
      { fn: 'renderWithHooks', file: 'https://book.example.com/assets/index-BQ4xk1Zt.js', line: 1, column: 20000 },
      { fn: null, file: 'https://book.example.com/assets/index-BQ4xk1Zt.js', line: 1, column: 30000 },
    ]);
    expect(parseStackFrames(FIREFOX)[0]).toEqual({ fn: 'PriceSummary', file: 'https://book.example.com/assets/booking-page-Dx81_aQz.js', line: 12, column: 3456 });
    expect(parseStackFrames(null)).toEqual([]);
    expect(parseStackFrames('just a message')).toEqual([]);
  });
});

describe('firstInAppFrame', () => {
  it('skips dependencies, the runtime and frames without a position', () => {
    expect(firstInAppFrame(NODE)).toMatchObject({ fn: 'createBooking', file: '/srv/app/src/server/modules/bookings/bookings.service.ts', line: 120 });
    expect(firstInAppFrame(DEV)).toMatchObject({ fn: 'BookingFlow', line: 40 });
    expect(firstInAppFrame('Error\n    at chrome-extension://abc/inject.js:1:1')).toBeNull();
  });
});

describe('normalizeFramePath', () => {
  it('drops the origin, query, build hash and anything before src/', () => {
    expect(normalizeFramePath('https://book.example.com/assets/booking-page-Dx81_aQz.js?v=2#x')).toBe('/assets/booking-page.js');
    expect(normalizeFramePath('/srv/app/src/server/index.ts')).toBe('src/server/index.ts');
    expect(normalizeFramePath('file:///home/me/app/src/server/index.ts')).toBe('src/server/index.ts');
    expect(normalizeFramePath('http://localhost:5173/src/web/main.tsx?t=1')).toBe('src/web/main.tsx');
  });
});

describe('normalizeMessage', () => {
  it('replaces what varies: numbers, ids, e-mail addresses, URLs', () => {
    expect(normalizeMessage('Booking 123 not found')).toBe(normalizeMessage('Booking 456 not found'));
    expect(normalizeMessage('No booking 0b9d6a2e-4c1e-4a57-9d0f-2f1f3f3f3f3f for ana@example.com at https://x.example/a?b=1')).toBe('No booking <uuid> for <email> at <url>');
    expect(normalizeMessage('  many\n  spaces  ')).toBe('many spaces');
    expect(normalizeMessage('x'.repeat(500))).toHaveLength(300);
  });
});

describe('fingerprintKey and errorFingerprint', () => {
  it('is the type and the first in-app frame without line and column numbers', () => {
    expect(fingerprintKey({ errorType: 'TypeError', errorMessage: 'anything', stackTrace: CHROME })).toBe('TypeError|PriceSummary@/assets/booking-page.js');
    const moved = CHROME.replace(':12:3456', ':99:1').replace(/Dx81_aQz/g, 'Zz99_bbC');
    expect(errorFingerprint({ errorType: 'TypeError', errorMessage: 'other text', stackTrace: moved })).toBe(errorFingerprint({ errorType: 'TypeError', errorMessage: 'anything', stackTrace: CHROME }));
    // the same frame in Firefox's format groups with Chrome's
    expect(fingerprintKey({ errorType: 'TypeError', errorMessage: '', stackTrace: FIREFOX })).toBe('TypeError|PriceSummary@/assets/booking-page.js');
  });

  it('tells types and frames apart', () => {
    const base = errorFingerprint({ errorType: 'TypeError', errorMessage: 'm', stackTrace: CHROME });
    expect(errorFingerprint({ errorType: 'RangeError', errorMessage: 'm', stackTrace: CHROME })).not.toBe(base);
    expect(errorFingerprint({ errorType: 'TypeError', errorMessage: 'm', stackTrace: CHROME.replace('PriceSummary', 'ReviewStep') })).not.toBe(base);
  });

  it('falls back to the type and the normalised message without an in-app frame', () => {
    expect(fingerprintKey({ errorType: 'Error', errorMessage: 'Booking 12 failed' })).toBe('Error|Booking <n> failed');
    expect(errorFingerprint({ errorType: 'Error', errorMessage: 'Booking 12 failed' })).toBe(errorFingerprint({ errorType: 'Error', errorMessage: 'Booking 977 failed', stackTrace: 'Error\n    at node:internal/x:1:1' }));
    expect(fingerprintKey({ errorType: ' ', errorMessage: 'x' })).toBe('Error|x');
  });

  it('is 16 hexadecimal characters: FNV-1a 64 of the key', () => {
    expect(errorFingerprint({ errorType: 'Error', errorMessage: 'x' })).toMatch(FINGERPRINT_PATTERN);
    // published FNV-1a 64 test vectors (draft-eastlake-fnv)
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });
});
