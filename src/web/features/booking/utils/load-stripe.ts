/**
 * Stripe.js, only when a Stripe-configured payment step (or a bank's verification) needs it:
 * `@stripe/stripe-js` is imported dynamically, so neither it nor the script it injects from
 * js.stripe.com reaches any other page. One Stripe instance per publishable key; a failed load
 * (offline, blocked) is forgotten so the next attempt tries again.
 */
import type { Stripe } from '@stripe/stripe-js';

const clients = new Map<string, Promise<Stripe | null>>();

/** Resolves to null when Stripe.js loads but cannot start (e.g. no `window`). */
export function loadStripeClient(publishableKey: string): Promise<Stripe | null> {
  let client = clients.get(publishableKey);
  if (!client) {
    client = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    client.catch(() => clients.delete(publishableKey));
    clients.set(publishableKey, client);
  }
  return client;
}
