/**
 * The simulated gateway's test-mode routes (signed-in users only; 404 when payments do not run in
 * test mode): `POST /api/payments/test-mode/payment-methods` tokenizes a test card — the full
 * number and CVC are checked and dropped, only brand, last 4 and expiry are kept — and
 * `POST /api/payments/test-mode/authenticate` completes the simulated bank's 3-D Secure step of a
 * hold. Contract: src/domain/payments-contract.ts.
 */
import type { z } from 'zod';
import { testAuthenticatedSchema, testAuthenticateRequestSchema, testCardRequestSchema, testPaymentMethodSchema } from '../../../domain/payments-contract';
import type { AppEnv } from '../../lib/app-env';
import { badRequest, notFound, validationError } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonBody, jsonContent } from '../../lib/openapi';
import { requireUser } from '../../auth/session';
import type { Context } from 'hono';

const TAGS = ['Payments (test mode)'];

const createTestCardRoute = defineRoute({
  method: 'post',
  path: '/test-mode/payment-methods',
  access: 'signed_in',
  tags: TAGS,
  summary: 'Tokenize a test card with the simulated gateway',
  description:
    'Test mode only (404 otherwise). Stripe\'s test numbers behave as on docs.stripe.com/testing: 4242… approves, 4000 0000 0000 0002 declines, 4000 0025 0000 3155 asks for 3-D Secure. A 400 carries `details.number`, `details.expiry` or `details.cvc`.',
  request: { body: jsonBody(testCardRequestSchema) },
  responses: { 201: jsonContent(testPaymentMethodSchema, 'The card reference'), ...errorResponses(400, 401, 404, 415) },
});

const authenticateRoute = defineRoute({
  method: 'post',
  path: '/test-mode/authenticate',
  access: 'signed_in',
  tags: TAGS,
  summary: "Complete the simulated bank's 3-D Secure step of a hold",
  description: 'Test mode only. The client secret is the one a 402 `authentication_required` answer carried; one that is unknown or another user\'s is 404.',
  request: { body: jsonBody(testAuthenticateRequestSchema) },
  responses: { 200: jsonContent(testAuthenticatedSchema, 'The hold may now be placed'), ...errorResponses(400, 401, 404, 415) },
});

/** The simulated gateway, or 404 when payments run against Stripe. */
function simulatedGatewayOf(c: Context<AppEnv>) {
  const simulated = c.var.deps.simulatedGateway;
  if (!simulated) throw notFound('errors.testModeOnly');
  return simulated;
}

/** The card form has three fields: number, expiry (month and year together) and cvc. */
function cardFieldErrors(result: { success: true } | { success: false; error: z.ZodError }): undefined {
  if (result.success) return undefined;
  const expiry = (field: PropertyKey | undefined) => (field === 'expMonth' || field === 'expYear' ? 'expiry' : field === undefined ? undefined : String(field));
  throw validationError(result.error.issues.map((issue) => ({ ...issue, path: [expiry(issue.path[0])].filter((p) => p !== undefined) })));
}

export const paymentsRoutes = apiRouter()
  .openapi(authenticateRoute, async (c) => {
    const user = requireUser(c);
    const simulated = simulatedGatewayOf(c);
    const { clientSecret } = c.req.valid('json');
    try {
      await simulated.authenticate(clientSecret, user.id);
    } catch {
      throw notFound();
    }
    return c.json({ authenticated: true as const }, 200);
  })
  .openapi(
    createTestCardRoute,
    async (c) => {
      const user = requireUser(c);
      const simulated = simulatedGatewayOf(c);
      const card = c.req.valid('json');
      const now = c.var.deps.now();
      const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
      if (expired) throw badRequest('validation_failed', 'errors.validationFailed', { details: { expiry: 'validation.cardExpired' } });
      const method = await simulated.createPaymentMethod({ ownerUserId: user.id, number: card.number, expMonth: card.expMonth, expYear: card.expYear });
      return c.json(method, 201);
    },
    cardFieldErrors,
  );
