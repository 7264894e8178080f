/** Maps gateway failures during money operations to API errors, in the caller's language. */
import { AppError, ruleBroken, type AppErrorOptions } from '../../lib/errors';
import { declineMessageKey } from '../../../domain/card-declines';
import { CardDeclinedError, GatewayUnavailableError, HoldExpiredError, InvalidPaymentOperationError } from '../../payments/gateway';

/**
 * A declined card as a 402 `card_declined` in the caller's language: the decline code's own
 * message when the locale files name it (src/domain/card-declines.ts), else "Your card was
 * declined.". The gateway's own (English) words never reach the caller (issue #14, defect 13):
 * they would show in an English sentence to a Spanish customer; staff find them in the logs and
 * the booking's timeline.
 */
export function cardDeclined(error: CardDeclinedError, options: Pick<AppErrorOptions, 'hint'> = {}): AppError {
  return new AppError(402, 'card_declined', declineMessageKey(error.declineCode), options);
}

export function gatewayFailure(error: unknown): unknown {
  if (error instanceof CardDeclinedError) return cardDeclined(error);
  if (error instanceof HoldExpiredError) return ruleBroken('hold_expired', 'paymentErrors.holdExpired');
  if (error instanceof GatewayUnavailableError) return new AppError(503, 'gateway_unavailable', 'paymentErrors.gatewayUnavailable');
  // The gateway's reason is for staff and is English; the message itself is translated.
  if (error instanceof InvalidPaymentOperationError) return ruleBroken('invalid_payment_operation', 'paymentErrors.invalidOperation', { rawDetails: { gatewayMessage: error.message } });
  return error;
}
