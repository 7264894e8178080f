/**
 * The payments API contract (issue #10) for the simulated gateway of test mode:
 * `POST /api/payments/test-mode/payment-methods` (tokenize a test card) and
 * `POST /api/payments/test-mode/authenticate` (the simulated bank's 3-D Secure step). Shared by
 * src/server/modules/payments/payments.routes.ts and src/web/features/booking/api. The card
 * number and CVC go no further than the request; the answer is a card reference.
 */
import { z } from 'zod';
import { passesLuhn } from './card-number';


const expiryError = { error: 'validation.cardExpiryInvalid' };

/** A test card as typed: spaces and dashes in the number are fine; a 2-digit year means 20YY. */
export const testCardRequestSchema = z.object({
  number: z
    .string({ error: 'validation.cardNumberInvalid' })
    .max(40, { error: 'validation.cardNumberInvalid' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{12,19}$/.test(v) && passesLuhn(v), { error: 'validation.cardNumberInvalid' }),
  expMonth: z.coerce.number(expiryError).int(expiryError).min(1, expiryError).max(12, expiryError),
  expYear: z.coerce
    .number(expiryError)
    .int(expiryError)
    .transform((y) => (y < 100 ? 2000 + y : y))
    .refine((y) => y >= 2000 && y <= 2100, expiryError),
  cvc: z.string({ error: 'validation.cvcInvalid' }).regex(/^\d{3,4}$/, { error: 'validation.cvcInvalid' }),
});
export type TestCardRequest = z.input<typeof testCardRequestSchema>;

/** The card reference the gateway answers: brand, last 4 and expiry, never the number. */
export const testPaymentMethodSchema = z
  .object({ id: z.string(), brand: z.string(), last4: z.string(), expMonth: z.number().int(), expYear: z.number().int() })
  .meta({ id: 'TestPaymentMethod' });
export type TestPaymentMethod = z.infer<typeof testPaymentMethodSchema>;

/** The 3-D Secure step: the client secret the 402 `authentication_required` answer carried. */
export const testAuthenticateRequestSchema = z.object({
  clientSecret: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(300, { error: 'validation.invalid' }),
});
export type TestAuthenticateRequest = z.input<typeof testAuthenticateRequestSchema>;

export const testAuthenticatedSchema = z.object({ authenticated: z.literal(true) }).meta({ id: 'TestAuthenticated' });
