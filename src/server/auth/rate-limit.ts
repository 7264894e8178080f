/**
 * Rate limits of the auth routes (issue #10), counted in PostgreSQL (attempt-counters.ts) so
 * several app processes share them:
 *  - per client IP, a fixed window of AUTH_RATE_LIMIT_MAX requests per
 *    AUTH_RATE_LIMIT_WINDOW_SECONDS for each route group (`ipRateLimit`);
 *  - wrong passwords, with a growing delay (`passwordGuessThrottle`), never a lock of the account:
 *    sign-in counts per (account, IP) and per IP, so failures from other addresses never keep the
 *    owner out; change-password counts per signed-in account; sign-up counts "email taken"
 *    answers per IP (docs/decisions/012-account-enumeration-and-auth-limits.md).
 * Refused: 429 `rate_limited` (translated `errors.rateLimited`, the wait as the hint) with a
 * Retry-After header in seconds. A delay is checked before an attempt and set after its failure,
 * so attempts sent together before any delay runs all go through: at most the window's limit
 * per IP, and each of their failures then lengthens the delay.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import { differenceInSeconds } from 'date-fns/differenceInSeconds';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';
import type { AppEnv } from '../lib/app-env';
import { blockedUntil, clearCounter, counterKey, countHit, recordFailure, type GrowingDelay } from './attempt-counters';

export interface AuthLimits {
  /** Requests per client IP and route group in one window (AUTH_RATE_LIMIT_MAX). */
  max: number;
  windowSeconds: number;
  /** Read the client IP from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: boolean;
}

const DAY_SECONDS = 24 * 60 * 60;

/** Wrong passwords for one account from one IP (sign-in), or from one signed-in account (change-password). */
export const PER_ACCOUNT_GUESSES: GrowingDelay = { freeFailures: 5, firstDelaySeconds: 30, maxDelaySeconds: 15 * 60, forgetAfterSeconds: DAY_SECONDS };

/** Failures from one IP whatever the account: twice the window's request limit before the first delay. */
export const perIpFailures = (limits: AuthLimits): GrowingDelay => ({ ...PER_ACCOUNT_GUESSES, freeFailures: 2 * limits.max });

export function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown'; // app.request() in tests has no socket
  }
}

/** The 429 answer: Retry-After in whole seconds (at least 1), the wait also in words. @throws AppError 429 rate_limited, always */
export function rateLimited(c: Context<AppEnv>, until: Date): never {
  const seconds = Math.max(1, differenceInSeconds(until, c.var.deps.now(), { roundingMethod: 'ceil' }));
  c.header('Retry-After', String(seconds));
  const hint = seconds < 120 ? 'errors.retryInSeconds' : 'errors.retryInMinutes';
  throw new AppError(429, 'rate_limited', 'errors.rateLimited', { hint, params: { count: seconds < 120 ? seconds : Math.ceil(seconds / 60) } });
}

/** At most `limits.max` requests per window from one client IP to the route group `group`. */
export function ipRateLimit(group: string, limits: AuthLimits): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, now } = c.var.deps;
    const hit = await countHit(db, counterKey(`ip-window-${group}`, clientIp(c, limits.trustProxy)), now(), limits.windowSeconds);
    if (hit.count > limits.max) rateLimited(c, hit.resetsAt);
    await next();
  };
}

/** A counter this attempt is checked against; `clearOnSuccess`: a success forgets its failures. */
export interface GuessCounter {
  key: string;
  policy: GrowingDelay;
  clearOnSuccess: boolean;
}

/**
 * Refuses the attempt while any of its counters is in a delay; after Better Auth's answer
 * (already in our error shape), records a failure on every counter when the answer's `code` is
 * one of `failureCodes`, or clears the `clearOnSuccess` counters on a 2xx.
 * @param countersOf the counters of this request; none: the request is not throttled
 */
export function passwordGuessThrottle(countersOf: (c: Context<AppEnv>) => Promise<GuessCounter[]>, failureCodes: string[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { db, now } = c.var.deps;
    const counters = await countersOf(c);
    if (counters.length === 0) return next();
    const until = await blockedUntil(db, counters.map((counter) => counter.key), now());
    if (until) rateLimited(c, until);

    await next();

    if (c.res.ok) {
      for (const counter of counters) if (counter.clearOnSuccess) await clearCounter(db, counter.key);
      return;
    }
    // Read once and put a fresh answer back (not `c.res.clone()`: see answerWith in lib/idempotency.ts).
    const text = await c.res.text();
    c.res = new Response(text, { status: c.res.status, statusText: c.res.statusText, headers: c.res.headers });
    const body = (() => {
      try {
        return JSON.parse(text) as { code?: unknown } | null;
      } catch {
        return null;
      }
    })();
    if (typeof body?.code === 'string' && failureCodes.includes(body.code)) {
      for (const counter of counters) await recordFailure(db, counter.key, now(), counter.policy);
    }
  };
}

/** The JSON body of the request, read from a clone so Better Auth still gets it; null when it is not JSON. */
export async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown> | null> {
  const body: unknown = await c.req.raw.clone().json().catch(() => null);
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

/** The email a request asks for, trimmed and lower-cased (Better Auth compares them so). */
export async function requestedEmail(c: Context<AppEnv>, field = 'email'): Promise<string | null> {
  const value = (await jsonBody(c))?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;
}

/** POST /sign-in/email: per (account, IP), cleared by a successful sign-in, and per IP. */
export function signInThrottle(limits: AuthLimits): MiddlewareHandler<AppEnv> {
  return passwordGuessThrottle(
    async (c) => {
      const ip = clientIp(c, limits.trustProxy);
      const email = await requestedEmail(c);
      const perIp: GuessCounter = { key: counterKey('sign-in-ip', ip), policy: perIpFailures(limits), clearOnSuccess: false };
      if (!email) return [perIp];
      return [{ key: counterKey('sign-in-account-ip', email, ip), policy: PER_ACCOUNT_GUESSES, clearOnSuccess: true }, perIp];
    },
    ['invalid_email_or_password'],
  );
}

/** POST /change-password: per signed-in account (only its sessions can guess its current password). */
export function changePasswordThrottle(): MiddlewareHandler<AppEnv> {
  return passwordGuessThrottle(
    async (c) => {
      const session = await c.var.deps.auth.api.getSession({ headers: c.req.raw.headers, query: { disableRefresh: true } });
      if (!session) return []; // Better Auth answers 401
      return [{ key: counterKey('change-password-account', session.user.id), policy: PER_ACCOUNT_GUESSES, clearOnSuccess: true }];
    },
    ['invalid_password'],
  );
}

/** POST /sign-up/email: "this email already has an account" answers per IP (probing which addresses exist). */
export function signUpProbeThrottle(limits: AuthLimits): MiddlewareHandler<AppEnv> {
  return passwordGuessThrottle(
    async (c) => [{ key: counterKey('sign-up-taken-ip', clientIp(c, limits.trustProxy)), policy: { ...PER_ACCOUNT_GUESSES, freeFailures: limits.max }, clearOnSuccess: false }],
    ['user_already_exists', 'user_already_exists_use_another_email'],
  );
}
