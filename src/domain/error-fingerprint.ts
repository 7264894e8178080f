/**
 * How error log entries are grouped (issue #11, "as Sentry and PostHog do"): every entry gets a
 * fingerprint, and entries with the same fingerprint are one group on /admin/errors (count,
 * first and last seen, affected users; resolving a group resolves its entries).
 *
 * The rule (Sentry's default grouping, simplified; docs.sentry.io "Grouping Issues"):
 *  - the error type plus the first in-app stack frame, as function name and file with the line
 *    and column numbers stripped (they move with every edit above the throw) and the file
 *    normalised: no origin, no query string, no build hash (`/assets/index-BQ4xk1Zt.js` ->
 *    `/assets/index.js`), a server path from its `src/` folder;
 *  - or, when the stack has no in-app frame (or there is no stack), the error type plus the
 *    normalised message: ids, numbers, e-mail addresses and URLs replaced by placeholders, so
 *    "Booking 123 not found" and "Booking 456 not found" are one group.
 * A frame is in-app unless it comes from a dependency (`node_modules`, Vite's pre-bundled
 * `/deps/`), the runtime (`node:`, `internal/`, `native`, `<anonymous>`) or a browser extension.
 * In a production build our code and the libraries share hashed chunks, so the first frame may
 * be a library's; the chunk name and function name still make a stable key between two errors
 * of the same build (minified names can change between builds).
 *
 * The fingerprint is the key's 64-bit FNV-1a hash as 16 hexadecimal characters. Pure: computed by
 * the API (src/server/modules/errors/error-log.service.ts) and passed to the SQL function
 * `log_error` (its `p_fingerprint`); a direct SQL caller that passes none gets a coarser
 * fingerprint from the type and message computed in SQL (migration 0015).
 */

/** One parsed stack frame; line and column are 1-based as the engines print them. */
export interface StackFrame {
  /** The function, e.g. `renderBooking`, `BookingPage`; null for an anonymous frame. */
  fn: string | null;
  /** The file as printed: a URL, an absolute path or `file://` URL. */
  file: string;
  line: number;
  column: number;
}

// V8 (Chrome, Node): "    at fn (file:1:2)", "    at file:1:2", "    at async fn (file:1:2)"
const V8_WITH_NAME = /^\s*at (?:async )?(?:new )?(.+?) \((.+):(\d+):(\d+)\)\s*$/;
const V8_BARE = /^\s*at (?:async )?(.+):(\d+):(\d+)\s*$/;
// SpiderMonkey and JavaScriptCore (Firefox, Safari): "fn@file:1:2", "@file:1:2"
const GECKO = /^\s*(.*?)@(.+):(\d+):(\d+)\s*$/;

/**
 * The frames of a stack trace, innermost first; lines that are not frames (the message line,
 * `<anonymous>` frames without position) are skipped.
 */
export function parseStackFrames(stack: string | null | undefined): StackFrame[] {
  if (!stack) return [];
  const frames: StackFrame[] = [];
  for (const line of stack.split('\n')) {
    let match = V8_WITH_NAME.exec(line);
    if (match) {
      // "at eval (eval at fn (file:1:2), <anonymous>:1:1)": the position is the eval's origin
      const file = match[2]!.replace(/^eval at .*?\((.+?):\d+:\d+\).*$/, '$1');
      frames.push({ fn: match[1]!, file, line: Number(match[3]), column: Number(match[4]) });
      continue;
    }
    match = V8_BARE.exec(line);
    if (match) {
      frames.push({ fn: null, file: match[1]!, line: Number(match[2]), column: Number(match[3]) });
      continue;
    }
    match = GECKO.exec(line);
    if (match && !line.trim().startsWith('at ')) frames.push({ fn: match[1] || null, file: match[2]!, line: Number(match[3]), column: Number(match[4]) });
  }
  return frames;
}

const NOT_IN_APP = /node_modules|\/\.vite\/deps\/|\/@vite\/|\/@react-refresh|^node:|^internal\/|\(internal\/|^native$|<anonymous>|^(?:chrome|moz|safari(?:-web)?)-extension:|^webkit-masked-url:|^about:/;

/** Whether a frame is our code rather than a library's, the runtime's or an extension's. */
export function isInAppFrame(frame: StackFrame): boolean {
  return !NOT_IN_APP.test(frame.file);
}

/** The first in-app frame of a stack trace, or null. */
export function firstInAppFrame(stack: string | null | undefined): StackFrame | null {
  return parseStackFrames(stack).find(isInAppFrame) ?? null;
}

/**
 * A frame's file without what changes between deploys and machines: the origin or `file://`, the
 * query string and hash, a build hash before `.js`/`.mjs`/`.css` in `/assets/`, and everything
 * before `src/` in a server path. `https://x.com/assets/booking-page-Dx81_aQz.js?v=2` ->
 * `/assets/booking-page.js`; `/srv/app/src/server/index.ts` -> `src/server/index.ts`.
 */
export function normalizeFramePath(file: string): string {
  let path = file.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '').replace(/[?#].*$/, '');
  // Vite names a chunk `<name>-<8-character hash>.js`
  path = path.replace(/(\/assets\/.+)-[A-Za-z0-9_-]{8}(\.(?:m?js|css))$/, '$1$2');
  const src = path.lastIndexOf('/src/');
  if (src >= 0) path = path.slice(src + 1);
  return path;
}

/** A function name without the parts that vary: `Object.`, `async `, `new `, Firefox's `/<` suffixes. */
function normalizeFunctionName(fn: string | null): string {
  if (!fn) return '?';
  return fn.replace(/^(?:async |new )/, '').replace(/^Object\./, '').replace(/\/<+$/, '').replace(/<\/?$/, '') || '?';
}

const MAX_MESSAGE_KEY = 300;

/**
 * A message with what varies between occurrences replaced: URLs `<url>`, e-mail addresses
 * `<email>`, UUIDs `<uuid>`, long hexadecimal ids `<hex>`, numbers `<n>`; whitespace collapsed,
 * at most 300 characters.
 */
export function normalizeMessage(message: string): string {
  return message
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<url>')
    .replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '<email>')
    .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>')
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{12,}\b/gi, '<hex>')
    .replace(/\d+(?:\.\d+)?/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_MESSAGE_KEY);
}

export interface FingerprintInput {
  /** The error's type (`TypeError`, `AppError`, a job's name), e.g. from `error.name`. */
  errorType: string;
  errorMessage: string;
  stackTrace?: string | null;
}

/**
 * The readable key behind a fingerprint: `type|fn@file` from the first in-app frame, or
 * `type|normalised message` without one.
 */
export function fingerprintKey({ errorType, errorMessage, stackTrace }: FingerprintInput): string {
  const type = errorType.trim() || 'Error';
  const frame = firstInAppFrame(stackTrace);
  if (frame) return `${type}|${normalizeFunctionName(frame.fn)}@${normalizeFramePath(frame.file)}`;
  return `${type}|${normalizeMessage(errorMessage)}`;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK_64 = 0xffffffffffffffffn;

/** 64-bit FNV-1a of the text's UTF-8 bytes, as 16 lowercase hexadecimal characters. */
export function fnv1a64(text: string): string {
  let hash = FNV_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV_PRIME) & MASK_64;
  }
  return hash.toString(16).padStart(16, '0');
}

/** An entry's fingerprint: 16 hexadecimal characters (see the rule above). */
export function errorFingerprint(input: FingerprintInput): string {
  return fnv1a64(fingerprintKey(input));
}

/** What a fingerprint looks like (the API's path and query parameters check it). */
export const FINGERPRINT_PATTERN = /^[0-9a-f]{16}$/;
