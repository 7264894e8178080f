/**
 * A customer's saved details as the API takes and answers them (`/api/account/addresses`,
 * `/api/account/payment-methods`), shared by the server and the web that shows them (Settings,
 * the booking flow). Messages are i18n keys.
 */
import { z } from 'zod';
import { addressSchema } from './address';

/** A saved address (Settings > Saved Addresses); exactly one is the default when any exist. */
export const savedAddressViewSchema = z
  .object({
    id: z.uuid(),
    street: z.string(),
    unit: z.string().nullable(),
    city: z.string(),
    /** Two-letter state code ("FL"). */
    state: z.string(),
    zip: z.string(),
    is_default: z.boolean(),
  })
  .meta({ id: 'SavedAddress' });
export type SavedAddressView = z.infer<typeof savedAddressViewSchema>;

/**
 * `POST /api/account/addresses`: the address rules of the booking flow (address.ts), and whether
 * it becomes the default (the first address always does). The service area is checked apart.
 */
export const savedAddressRequestSchema = addressSchema.extend({ is_default: z.boolean().optional() });
export type SavedAddressRequest = z.input<typeof savedAddressRequestSchema>;

/** `PATCH /api/account/addresses/{id}`: any of the fields; `is_default: true` makes it the default. */
export const savedAddressChangeSchema = addressSchema.partial().extend({ is_default: z.boolean().optional() });
export type SavedAddressChange = z.input<typeof savedAddressChangeSchema>;

/**
 * A card saved at the payment gateway. `id` is the gateway's payment method id (Stripe `pm_…`),
 * which `POST /api/bookings` takes as `paymentMethodId`; never a card number.
 */
export const savedPaymentMethodViewSchema = z
  .object({
    id: z.string(),
    brand: z.string(),
    last4: z.string(),
    exp_month: z.number().int(),
    /** Four digits, e.g. 2030. */
    exp_year: z.number().int(),
    /** The card offered first; exactly one card is the default when there are any. */
    is_default: z.boolean(),
  })
  .meta({ id: 'SavedCard' });
export type SavedPaymentMethodView = z.infer<typeof savedPaymentMethodViewSchema>;
