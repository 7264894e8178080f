/**
 * What an error log entry must never hold (issue #11): a card number, a password, a token or
 * any other secret. The browser scrubs every entry before sending it (src/web/lib/error-logging.ts)
 * and the API scrubs it again before storing (src/server/modules/errors/error-log.service.ts), so
 * an old tab or a hand-made request cannot store one either.
 *
 * In text (messages, stack traces, URLs, user agents):
 *  - card numbers: 13-19 digits, spaces or dashes between them allowed, that pass the Luhn
 *    check (ISO/IEC 7812), become `[card]` (a 13-digit millisecond timestamp passes only by
 *    chance, and is then scrubbed too: better than keeping a card);
 *  - `Bearer`/`Basic` credentials, JSON Web Tokens (`eyJ…​.eyJ…​.…​`), Stripe secret and
 *    restricted keys (`sk_live_…`, `rk_test_…`) and client secrets (`pi_…_secret_…`) become
 *    `[redacted]`;
 *  - the value of any `name=value`, `name: value` or `"name":"value"` whose name says secret
 *    (password, passwd, pwd, secret, token, api key, authorization, cookie, session, cvc, cvv,
 *    card number), so `?token=abc` and `{"password":"x"}` in a message lose their values.
 * In structured context: a key whose name says secret keeps its key and loses its value; every
 * other string is scrubbed as text; depth is capped at 6 levels and arrays at 50 items.
 */

import { CARD_NUMBER_CANDIDATE, isCardNumber } from './card-number';

/** The Luhn check, for callers of this module (card-number.ts). */
export { passesLuhn } from './card-number';

/** Names of fields whose values are secret, wherever they appear in a name (`access_token`, `newPassword`). */
const SECRET_NAME = /password|passwd|pwd|secret|token|api[-_]?key|authorization|cookie|session|cvc|cvv|card[-_]?number/i;

/** Whether a field's name says its value is secret. */
export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

export const REDACTED = '[redacted]';
export const CARD = '[card]';


// A UUID (a booking id in a URL) is matched whole and kept: its hex groups can otherwise hold a
// hyphenated run of 13-19 digits that passes Luhn (about 1 random UUID in 700).
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_OR_CARD_CANDIDATE = new RegExp(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|${CARD_NUMBER_CANDIDATE.source}`, 'gi');

const AUTH_SCHEME = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const STRIPE_KEY = /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+/g;
const CLIENT_SECRET = /\b[a-z]+_[A-Za-z0-9]+_secret_[A-Za-z0-9]+/g;
// A name (starting at a name boundary, so a long run of letters is tried once, not from every
// letter) followed by = or : (quotes around either allowed) and a value up to a delimiter. Only
// the name is consumed, so a pair that is not secret (`https://…?token=x`) cannot hide the next.
const NAMED_VALUE = /(?<![\w.-])([\w.-]+)(?=(\\?["']?\s*[:=]\s*\\?["']?)([^\s"'\\&,;}\]]+))/g;

/** Replaces the value of every secret-named pair (SECRET_NAME). */
function redactNamedValues(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(NAMED_VALUE)) {
    const [, name, separator, value] = match as unknown as [string, string, string, string];
    // already scrubbed (the API scrubs what the browser scrubbed): keep it as it is
    if (match.index < last || !isSecretName(name) || value.startsWith('[redacted')) continue;
    const valueStart = match.index + name.length + separator.length;
    out += text.slice(last, valueStart) + REDACTED;
    last = valueStart + value.length;
  }
  return out + text.slice(last);
}

/** Text with every card number, credential and secret value replaced (rules above). */
export function scrubText(text: string): string {
  const scrubbed = text
    .replace(UUID_OR_CARD_CANDIDATE, (candidate) => (!UUID.test(candidate) && isCardNumber(candidate) ? CARD : candidate))
    .replace(AUTH_SCHEME, (_, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(STRIPE_KEY, REDACTED)
    .replace(CLIENT_SECRET, REDACTED);
  return redactNamedValues(scrubbed);
}

const MAX_DEPTH = 6;
const MAX_ITEMS = 50;

/**
 * A JSON-like value with its secrets removed: secret-named keys lose their values, strings are
 * scrubbed as text, numbers that are card numbers become `[card]`; functions, symbols and
 * undefined are dropped (as JSON would), deeper than 6 levels becomes `[truncated]`.
 */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value === 'number') return Number.isInteger(value) && scrubText(String(value)) === CARD ? CARD : value;
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return '[truncated]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => scrubValue(item, depth + 1) ?? null);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const scrubbedKey = scrubText(key);
    if (isSecretName(key)) out[scrubbedKey] = REDACTED;
    else {
      const scrubbed = scrubValue(item, depth + 1);
      if (scrubbed !== undefined) out[scrubbedKey] = scrubbed;
    }
  }
  return out;
}

/** A context object scrubbed (scrubValue); null stays null. */
export function scrubContext(context: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!context) return null;
  return scrubValue(context) as Record<string, unknown>;
}
