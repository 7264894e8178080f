/**
 * The API schema of a priced line (pricing.ts `LineItem`): part of the booking's contract
 * (booking-request.ts) and the OpenAPI document as `LineItem`. Apart from pricing.ts so the
 * browser can price a draft without loading zod (issue #16).
 */
import { z } from 'zod';
import { LINE_ITEM_CODES, LINE_ITEM_UNITS, type LineItem } from './pricing';

/** One priced line: quantity x unit price, and its tax. Cents. */
export const lineItemSchema = z
  .object({
    /** Stable code, also the i18n key suffix under `lineItems.*`. */
    code: z.enum(LINE_ITEM_CODES),
    unit: z.enum(LINE_ITEM_UNITS),
    quantity: z.number(),
    unitPriceCents: z.number().int(),
    /** quantity x unitPriceCents, before tax. */
    amountCents: z.number().int(),
    /** Tax on this line, rounded half up to the cent. */
    taxCents: z.number().int(),
  })
  .meta({ id: 'LineItem' }) satisfies z.ZodType<LineItem>;
