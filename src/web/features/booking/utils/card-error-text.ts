/**
 * Stripe.js errors in our words (issue #14, defect 13): a declined card is named by its decline
 * code (src/domain/card-declines.ts, `paymentErrors.declined.*`), anything else that is not a
 * field problem by the caller's fallback sentence, so a Spanish customer never reads Stripe's
 * English text. Field problems keep the Payment Element's words, which follow its `locale`.
 */
import type { TFunction } from 'i18next';
import { declineMessageKey, namedDeclineCode } from '@/domain/card-declines';

/** The part of a Stripe.js error (StripeError) we read. */
export interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  message?: string;
}

/**
 * @param fallback the sentence for anything else (a network failure, an API error)
 * @returns the message to show, in the interface language
 */
export function cardErrorText(error: StripeErrorLike | null | undefined, t: TFunction, fallback: string): string {
  if (!error) return fallback;
  if (error.decline_code || namedDeclineCode(error.code)) return t(declineMessageKey(error.decline_code ?? error.code));
  // Field problems: the Payment Element words them in its own locale (set to the interface language).
  if (error.type === 'validation_error' && error.message) return error.message;
  return fallback;
}
