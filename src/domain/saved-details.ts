/**
 * What the API answers about a customer's saved details (`/api/account/*`), shared by the
 * server that builds these views and the web that shows them (Settings, the booking flow).
 */

/** A saved address (Settings > Saved Addresses); exactly one is the default when any exist. */
export interface SavedAddressView {
  id: string;
  street: string;
  unit: string | null;
  city: string;
  /** Two-letter state code ("FL"). */
  state: string;
  zip: string;
  is_default: boolean;
}

/**
 * A card saved at the payment gateway. `id` is the gateway's payment method id (Stripe `pm_…`),
 * which `POST /api/bookings` takes as `paymentMethodId`; never a card number.
 */
export interface SavedPaymentMethodView {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  /** Four digits, e.g. 2030. */
  exp_year: number;
  /** The card offered first; exactly one card is the default when there are any. */
  is_default: boolean;
}
