/**
 * `POST /api/payments/webhook`: Stripe's event deliveries (docs.stripe.com/webhooks). Mounted
 * before the session middleware — Stripe sends no cookies — and reads the raw body, because the
 * `Stripe-Signature` covers its exact bytes. Answers 200 `{ received: true, outcome }` once the
 * event is applied (or was before, or concerns nothing of ours), 400 `invalid_signature` for a
 * bad signature, 404 when Stripe webhooks are not configured (`STRIPE_WEBHOOK_SECRET`), and 500
 * when our records could not be updated, so that Stripe delivers the event again.
 */
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';
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
    throw badRequest('invalid_signature', 'errors.invalidSignature');
  }
}

const webhookRoute = defineRoute({
  method: 'post',
  path: '/',
  access: 'stripe',
  tags: ['Payments'],
  summary: "Stripe's event deliveries",
  description:
    'Signed by Stripe (the `Stripe-Signature` header covers the exact bytes of the body, so the body is read raw, up to 1 MB). Handled: payment_intent.amount_capturable_updated, payment_intent.succeeded, payment_intent.canceled, payment_intent.payment_failed, charge.refunded, setup_intent.succeeded; `outcome` is `applied`, `duplicate` (delivered before) or `ignored`. A 5xx makes Stripe deliver the event again.',
  middleware: [bodyLimit({ maxSize: 1024 * 1024 })],
  parameters: [{ name: 'Stripe-Signature', in: 'header' as const, required: true, schema: { type: 'string' as const } }],
  // A plain JSON Schema, not zod: nothing may parse the body before its signature is checked.
  request: { body: { required: true, content: { 'application/json': { schema: { type: 'object' as const, description: 'A Stripe Event object (docs.stripe.com/api/events/object)' } } } } },
  responses: {
    200: jsonContent(z.object({ received: z.literal(true), outcome: z.enum(['applied', 'duplicate', 'ignored']) }).meta({ id: 'WebhookReceipt' }), 'The event is applied, was before, or concerns nothing of ours'),
    ...errorResponses(400, 404, 413),
  },
});

export const webhookRoutes = apiRouter().openapi(webhookRoute, async (c) => {
  const { config, db, gateway, logger } = c.var.deps;
  const secret = config.stripe?.webhookSecret;
  if (!secret || !(gateway instanceof StripeGateway)) throw notFound();
  const payload = Buffer.from(await c.req.arrayBuffer());
  const event = signedEvent(payload, c.req.header('stripe-signature'), secret, logger);
  const outcome = await handleStripeEvent({ db, gateway, logger }, event);
  logger.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
  return c.json({ received: true as const, outcome }, 200);
});
