/**
 * Idempotency keys for requests that move money or change a booking (issue #9, Stripe's
 * contract as src/server/lib/idempotency.ts implements it): one key per user action, sent again
 * when the same action is retried after an answer that leaves its outcome unknown, so the server
 * does the work at most once. `POST /api/bookings` keeps its key in the booking draft; the
 * actions on an existing booking go through `withIdempotencyKey`.
 */
import { ApiError } from './api-client';

/**
 * A fresh Idempotency-Key (a UUID). randomUUID exists only in secure contexts (https,
 * localhost); elsewhere (a phone testing a dev server over the LAN) the same 122 random bits
 * come from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Refusals after which the same request may still succeed, and the server has not kept an answer for the key. */
const RETRY_SAME_KEY_CODES = new Set(['booking_busy', 'idempotency_in_progress', 'payment_pending']);

/**
 * Whether a failed attempt leaves the action's outcome unknown, so a retry must carry the same
 * key: no answer at all (network), a 5xx, or the server saying the first attempt is still running
 * or the booking busy. Any other answer is final (success, bad input, a state conflict, a decline).
 */
export function isOutcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || RETRY_SAME_KEY_CODES.has(error.code);
}

/** Keys of actions whose last attempt ended with an unknown outcome, by action and input. */
const unsettled = new Map<string, string>();

/**
 * Wraps an API call that takes an `idempotencyKey` into one that makes the key itself: a new key
 * when the user confirms an action, the same key when that same action (same name, same input:
 * booking, hours, amount...) is sent again after an unknown outcome (see isOutcomeUnknown), even
 * from a dialog opened again. Once the server has answered for good the key is dropped, so the
 * next confirmation is a new action; a changed input is a new action too (the server refuses an
 * old key with another body, 422 `idempotency_key_reused`). Keys live in memory for this page.
 * @param action names the action, e.g. 'admin.refund' (two actions may share an input shape)
 */
export function withIdempotencyKey<TInput extends { idempotencyKey: string }, TResult>(
  action: string,
  send: (input: TInput) => Promise<TResult>,
): (input: Omit<TInput, 'idempotencyKey'>) => Promise<TResult> {
  return async (input) => {
    const fingerprint = JSON.stringify([action, input]);
    const idempotencyKey = unsettled.get(fingerprint) ?? newIdempotencyKey();
    unsettled.set(fingerprint, idempotencyKey);
    try {
      const result = await send({ ...input, idempotencyKey } as TInput);
      unsettled.delete(fingerprint);
      return result;
    } catch (error) {
      if (!isOutcomeUnknown(error)) unsettled.delete(fingerprint);
      throw error;
    }
  };
}
