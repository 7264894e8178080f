/** Maps gateway failures during money operations to API errors, in the caller's language. */
import { AppError, ruleBroken, type AppErrorOptions } from '../../lib/errors';
import { CardDeclinedError, GatewayUnavailableError, HoldExpiredError, InvalidPaymentOperationError } from '../../payments/gateway';

/**
 * Decline codes (Stripe's most common, and our test cards') that have their own words in the
 * locale files, `paymentErrors.declined.<code>`.
 */
const NAMED_DECLINES = new Set([
  'generic_decline',
  'card_declined',
  'insufficient_funds',
  'authentication_required',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'lost_card',
  'stolen_card',
  'do_not_honor',
  'card_not_supported',
  'processing_error',
]);

/**
 * A declined card as a 402 `card_declined` in the caller's language: the decline code's own
 * message when the locale files name it, else "Your card was declined." with the bank's own
 * (English) words kept in `details.bankMessage`.
 */
export function cardDeclined(error: CardDeclinedError, options: Pick<AppErrorOptions, 'hint'> = {}): AppError {
  if (NAMED_DECLINES.has(error.declineCode)) return new AppError(402, 'card_declined', `paymentErrors.declined.${error.declineCode}`, options);
  return new AppError(402, 'card_declined', 'errors.cardDeclined', { ...options, rawDetails: { bankMessage: error.bankMessage } });
}

export function gatewayFailure(error: unknown): unknown {
  if (error instanceof CardDeclinedError) return cardDeclined(error);
  if (error instanceof HoldExpiredError) return ruleBroken('hold_expired', 'paymentErrors.holdExpired');
  if (error instanceof GatewayUnavailableError) return new AppError(503, 'gateway_unavailable', 'paymentErrors.gatewayUnavailable');
  // The gateway's reason is for staff and is English; the message itself is translated.
  if (error instanceof InvalidPaymentOperationError) return ruleBroken('invalid_payment_operation', 'paymentErrors.invalidOperation', { rawDetails: { gatewayMessage: error.message } });
  return error;
}
