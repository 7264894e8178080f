/**
 * `POST /api/payments/webhook`: Stripe's event deliveries (docs.stripe.com/webhooks). Mounted
 * before the session middleware — Stripe sends no cookies — and reads the raw body, because the
 * `Stripe-Signature` covers its exact bytes. Answers 200 `{ received: true, outcome }` once the
 * event is applied (or was before, or concerns nothing of ours), 400 `invalid_signature` for a
 * bad signature, 404 when Stripe webhooks are not configured (`STRIPE_WEBHOOK_SECRET`), and 500
 * when our records could not be updated, so that Stripe delivers the event again.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../lib/app-env';
import { badRequest, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { StripeGateway } from '../../payments/stripe-gateway';
import { handleStripeEvent, verifyStripeEvent, WebhookSignatureError } from './webhook.service';

/** The verified event. @throws AppError 400 `invalid_signature` */
function signedEvent(payload: Buffer, signature: string | undefined, secret: string, logger: Logger) {
  try {
    return verifyStripeEvent(payload, signature, secret);
  } catch (error) {
    if (!(error instanceof WebhookSignatureError)) throw error;
    logger.warn({ reason: error.message }, 'stripe webhook: signature refused');
    throw badRequest('invalid_signature', 'errors.invalidSignature', { rawMessage: 'Invalid Stripe signature.' });
  }
}

export const webhookRoutes = new Hono<AppEnv>().post('/', bodyLimit({ maxSize: 1024 * 1024 }), async (c) => {
  const { config, db, gateway, logger } = c.var.deps;
  const secret = config.stripe?.webhookSecret;
  if (!secret || !(gateway instanceof StripeGateway)) throw notFound();
  const payload = Buffer.from(await c.req.arrayBuffer());
  const event = signedEvent(payload, c.req.header('stripe-signature'), secret, logger);
  const outcome = await handleStripeEvent({ db, gateway, logger }, event);
  logger.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
  return c.json({ received: true, outcome });
});
