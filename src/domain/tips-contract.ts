/**
 * The tips API contract (issue #14): the customer's `POST /api/bookings/{id}/tip` (with a required
 * Idempotency-Key) and the tip as the booking view shows it. Rules: src/domain/tips.ts. Cents.
 */
import { z } from 'zod';
import { TIP_CAP_CENTS, TIP_MIN_CENTS } from './tips';

const iso = z.iso.datetime({ offset: true });
const amountError = { error: 'validation.tipAmountInvalid' };

/** The tip asked for, in whole cents ($1 to $500; the job's own cap is checked by the server). */
export const addTipRequestSchema = z.object({
  amountCents: z.number(amountError).int(amountError).min(TIP_MIN_CENTS, amountError).max(TIP_CAP_CENTS, amountError),
});
export type AddTipRequest = z.input<typeof addTipRequestSchema>;

export const TIP_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type TipStatus = (typeof TIP_STATUSES)[number];

/**
 * A booking's tip: `pending` while the charge runs, `succeeded` once charged, `failed` when the
 * card was declined (`failureCode`; the customer may try again).
 */
export const tipViewSchema = z
  .object({ amountCents: z.number().int(), status: z.enum(TIP_STATUSES), failureCode: z.string().nullable(), updatedAt: iso })
  .meta({ id: 'Tip' });
export type TipView = z.infer<typeof tipViewSchema>;
