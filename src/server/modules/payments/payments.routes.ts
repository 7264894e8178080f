/**
 * `POST /api/payments/test-mode/payment-methods`: tokenizes a test card for the simulated
 * gateway (signed-in users only). The full number and CVC are checked and dropped; only brand,
 * last 4 and expiry are kept. 404 when payments do not run in test mode.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { requireUser } from '../../auth/session';
import { passesLuhn } from '../../payments/test-cards';
import { badRequest, notFound, validationError } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { parseInput, readJson } from '../../lib/validate';

const testCardSchema = z.object({
  number: z
    .string({ error: 'validation.cardNumberInvalid' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v) && passesLuhn(v), { error: 'validation.cardNumberInvalid' }),
  expMonth: z.coerce.number({ error: 'validation.cardExpiryInvalid' }).int({ error: 'validation.cardExpiryInvalid' }).min(1, { error: 'validation.cardExpiryInvalid' }).max(12, { error: 'validation.cardExpiryInvalid' }),
  expYear: z.coerce
    .number({ error: 'validation.cardExpiryInvalid' })
    .int({ error: 'validation.cardExpiryInvalid' })
    .transform((y) => (y < 100 ? 2000 + y : y))
    .refine((y) => y >= 2000 && y <= 2100, { error: 'validation.cardExpiryInvalid' }),
  cvc: z.string({ error: 'validation.cvcInvalid' }).regex(/^\d{3,4}$/, { error: 'validation.cvcInvalid' }),
});

/** Maps schema paths to the form's three fields: number, expiry, cvc. */
function cardFieldErrors(issues: z.core.$ZodIssue[]) {
  return validationError(issues.map((issue) => ({ ...issue, path: [issue.path[0] === 'expMonth' || issue.path[0] === 'expYear' ? 'expiry' : String(issue.path[0])] })));
}

const authenticateSchema = z.object({ clientSecret: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(300) });

export const paymentsRoutes = new Hono<AppEnv>()
  /** Completes the simulated bank's 3-D Secure step of a hold (test mode only). */
  .post('/test-mode/authenticate', async (c) => {
    const user = requireUser(c);
    const simulated = c.var.deps.simulatedGateway;
    if (!simulated) throw notFound('errors.testModeOnly');
    const { clientSecret } = parseInput(authenticateSchema, await readJson(c.req.raw));
    try {
      await simulated.authenticate(clientSecret, user.id);
    } catch {
      throw notFound();
    }
    return c.json({ authenticated: true });
  })
  .post('/test-mode/payment-methods', async (c) => {
  const user = requireUser(c);
  const simulated = c.var.deps.simulatedGateway;
  if (!simulated) throw notFound('errors.testModeOnly');
  const parsed = testCardSchema.safeParse(await readJson(c.req.raw));
  if (!parsed.success) throw cardFieldErrors(parsed.error.issues);
  const card = parsed.data;
  const now = c.var.deps.now();
  const expired = card.expYear < now.getUTCFullYear() || (card.expYear === now.getUTCFullYear() && card.expMonth < now.getUTCMonth() + 1);
  if (expired) throw badRequest('validation_failed', 'errors.validationFailed', { details: { expiry: 'validation.cardExpired' } });
  const method = await simulated.createPaymentMethod({ ownerUserId: user.id, number: card.number, expMonth: card.expMonth, expYear: card.expYear });
  return c.json(method, 201);
});
