/** Maps gateway failures during money operations to API errors. */
import { AppError, ruleBroken } from '../../lib/errors';
import { CardDeclinedError, GatewayUnavailableError, HoldExpiredError, InvalidPaymentOperationError } from '../../payments/gateway';

export function gatewayFailure(error: unknown): unknown {
  if (error instanceof CardDeclinedError) return new AppError(402, 'card_declined', 'errors.cardDeclined', { rawMessage: error.bankMessage });
  if (error instanceof HoldExpiredError) return ruleBroken('hold_expired', 'paymentErrors.holdExpired');
  if (error instanceof GatewayUnavailableError) return new AppError(503, 'gateway_unavailable', 'paymentErrors.gatewayUnavailable');
  if (error instanceof InvalidPaymentOperationError) return ruleBroken('invalid_payment_operation', 'errors.generic', { rawMessage: error.message });
  return error;
}
