/**
 * The request bodies of the money actions on a booking (issues #3, #4, #9), shared by the API
 * and the staff screens: completing a job (admin on the worker's behalf, or the worker), an
 * admin's cancellation, and a refund. Every number fits its database column (int4) and every
 * text is free of NUL characters, so nothing is refused only after money has moved. Ceilings
 * that depend on the booking (hours, paint) are checked by final-price.ts. Messages are i18n keys.
 */
import { z } from 'zod';
import { INT4_MAX } from './money-limits';
import { plainText } from './text';

/** `{ actualHours?, paintCostCents? }`: furniture's hours worked, paint bought at cost (cents). */
export const completeJobRequestSchema = z.object({
  actualHours: z.number({ error: 'paymentErrors.actualHoursInvalid' }).min(1, { error: 'paymentErrors.actualHoursInvalid' }).max(24, { error: 'paymentErrors.actualHoursInvalid' }).optional(),
  paintCostCents: z
    .number({ error: 'paymentErrors.paintCostInvalid' })
    .int({ error: 'paymentErrors.paintCostInvalid' })
    .min(0, { error: 'paymentErrors.paintCostInvalid' })
    .max(INT4_MAX, { error: 'paymentErrors.paintCostInvalid' })
    .optional(),
});
export type CompleteJobRequest = z.infer<typeof completeJobRequestSchema>;

/** An admin's cancellation: waive the policy's fee or not, and why. */
export const adminCancelRequestSchema = z.object({
  waiveFee: z.boolean().default(false),
  reason: plainText(500).optional(),
});
export type AdminCancelRequest = z.input<typeof adminCancelRequestSchema>;

/** A refund: positive cents and a reason of 3-500 characters. */
export const refundRequestSchema = z.object({
  amountCents: z
    .number({ error: 'paymentErrors.amountInvalid' })
    .int({ error: 'paymentErrors.amountInvalid' })
    .positive({ error: 'paymentErrors.amountInvalid' })
    .max(INT4_MAX, { error: 'paymentErrors.amountInvalid' }),
  reason: plainText(500, { required: 'paymentErrors.reasonRequired' }).pipe(z.string().min(3, { error: 'paymentErrors.reasonRequired' })),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;
