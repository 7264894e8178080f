/**
 * What to do when the API refuses a booking (docs/api.md): which step the customer goes back
 * to, what is shown there, and what of the draft no longer holds. The server's message is shown
 * as it comes (already in the customer's language, a card decline included).
 */
import { ApiError } from '@/web/lib/api-client';
import { firstFailingStep, type DraftStep } from './steps';

export interface StepFeedback {
  step: DraftStep;
  message?: string;
  /** Field path of the request ("options.screenSize") -> translated message. */
  fields?: Record<string, string>;
}

export interface BookingRejection extends StepFeedback {
  /** The card was declined or is gone: the customer must add a card again. */
  clearCard?: boolean;
  /** The time was taken meanwhile: the customer must pick another. */
  clearStart?: boolean;
  /**
   * The request may or may not have reached the server (network error, 5xx): retry with the
   * same Idempotency-Key so it is booked at most once. Any definite refusal needs a new key,
   * since the corrected booking is a different request.
   */
  sameKeyOnRetry: boolean;
}

export function rejectionOf(error: unknown, fallbackMessage: string): BookingRejection {
  if (!(error instanceof ApiError)) {
    return { step: 'review', message: error instanceof Error ? error.message : fallbackMessage, sameKeyOnRetry: true };
  }
  const { status, code, message } = error;
  const sameKeyOnRetry = status === 0 || status >= 500 || status === 429;
  if (status === 402 || code === 'card_declined' || code === 'payment_method_not_found') {
    return { step: 'payment', message, clearCard: true, sameKeyOnRetry };
  }
  if (code === 'slot_unavailable') return { step: 'datetime', message, clearStart: true, sameKeyOnRetry };
  if (status === 401) return { step: 'signin', message, sameKeyOnRetry };
  const fields = error.details && Object.keys(error.details).length > 0 ? error.details : undefined;
  if (fields) return { step: firstFailingStep(Object.keys(fields)), message, fields, sameKeyOnRetry };
  return { step: 'review', message, sameKeyOnRetry };
}

/**
 * The client secret of a `402 authentication_required` answer (`details.clientSecret`): the
 * bank wants the customer to confirm the hold, after which the same request is sent again.
 * Null for any other error (a 402 without a secret is treated as a decline by rejectionOf).
 */
export function authenticationSecretOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 402 || error.code !== 'authentication_required') return null;
  const secret = error.details?.clientSecret;
  return typeof secret === 'string' && secret.length > 0 ? secret : null;
}

/** Feedback for a draft that fails the request schema before it is sent (same shape as a 400). */
export function feedbackFromIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, message: string): StepFeedback {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return { step: firstFailingStep(Object.keys(fields)), message, fields };
}
