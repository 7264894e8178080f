/**
 * `/api/account/payment-methods`: the signed-in caller's saved cards (Settings, Payment Methods),
 * whatever their role. The cards live at the payment gateway (PaymentGateway.listSavedCards /
 * removeSavedCard, Stripe or simulated); we keep only which one is the default
 * (customer_payment_defaults).
 *
 * - GET / -> 200 `[{ id, brand, last4, exp_month, exp_year, is_default }]`, the default first,
 *   then newest first. Without a stored default (or when the stored card is gone) the newest
 *   card is the default.
 * - PUT /{id}/default -> 200 the updated list; 404 `not_found` for an unknown or someone else's card.
 * - DELETE /{id} -> 204; 404 `not_found` for an unknown or someone else's card; 409
 *   `payment_method_in_use` while one of the caller's bookings still has open money on it (a
 *   hold not yet captured or voided, or a card saved for a hold still to come). Removing the
 *   default clears it.
 *
 * All answer 401 without a session, and 503 `gateway_unavailable` when the gateway cannot be
 * reached. An id no gateway makes (src/domain/ids.ts textIdSchema) is 404. Declared with
 * `defineRoute` (docs/decisions/013-api-contract.md); the answers' schema is
 * src/domain/saved-details.ts.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { PaymentStatus } from '../../../domain/booking-status';
import { textIdSchema } from '../../../domain/ids';
import { savedPaymentMethodViewSchema, type SavedPaymentMethodView } from '../../../domain/saved-details';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { bookings, customerPaymentDefaults, payments } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonContent } from '../../lib/openapi';
import { PaymentMethodNotFoundError, type PaymentGateway } from '../../payments/gateway';
import { gatewayFailure } from '../payments/gateway-errors';

/** Payment states whose money is not settled yet: the card may still be held or charged. */
const OPEN_PAYMENT_STATUSES: PaymentStatus[] = ['card_saved', 'authorized'];

/** Runs a gateway call, turning its failures into API errors (unknown card -> 404). */
async function atGateway<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof PaymentMethodNotFoundError) throw notFound();
    throw gatewayFailure(error);
  }
}

/** The user's saved cards with the default marked: the default first, then as the gateway lists them (newest first). */
async function savedCardsOf(db: Database, gateway: PaymentGateway, userId: string): Promise<SavedPaymentMethodView[]> {
  const cards = await atGateway(() => gateway.listSavedCards(userId));
  const [stored] = await db.select({ paymentMethodId: customerPaymentDefaults.paymentMethodId }).from(customerPaymentDefaults).where(eq(customerPaymentDefaults.userId, userId));
  const defaultId = cards.some((card) => card.paymentMethodId === stored?.paymentMethodId) ? stored!.paymentMethodId : cards[0]?.paymentMethodId;
  const views = cards.map((card) => ({
    id: card.paymentMethodId,
    brand: card.brand,
    last4: card.last4,
    exp_month: card.expMonth,
    exp_year: card.expYear,
    is_default: card.paymentMethodId === defaultId,
  }));
  return [...views.filter((view) => view.is_default), ...views.filter((view) => !view.is_default)];
}

/** Whether one of the user's bookings still has money open on this card. */
async function backsOpenPayment(db: Database, userId: string, paymentMethodId: string): Promise<boolean> {
  const [open] = await db
    .select({ id: payments.id })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(bookings.customerId, userId), eq(payments.paymentMethodRef, paymentMethodId), inArray(payments.status, OPEN_PAYMENT_STATUSES)))
    .limit(1);
  return open !== undefined;
}

const TAGS = ['Account: saved cards'];
const cardParams = z.object({ id: textIdSchema() });
const cardList = jsonContent(z.array(savedPaymentMethodViewSchema), 'The saved cards, the default first');

const savedCardsRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'signed_in',
  tags: TAGS,
  summary: "The caller's cards saved at the payment gateway",
  responses: { 200: cardList, ...errorResponses(401, 503) },
});

const setDefaultCardRoute = defineRoute({
  method: 'put',
  path: '/{id}/default',
  access: 'signed_in',
  tags: TAGS,
  summary: 'Make a saved card the default',
  description: "An unknown card, or someone else's: 404.",
  request: { params: cardParams },
  responses: { 200: cardList, ...errorResponses(401, 404, 503) },
});

const removeCardRoute = defineRoute({
  method: 'delete',
  path: '/{id}',
  access: 'signed_in',
  tags: TAGS,
  summary: 'Remove a saved card',
  description: "An unknown card, or someone else's: 404. While one of the caller's bookings still has open money on it: 409 `payment_method_in_use`.",
  request: { params: cardParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 404, 409, 503) },
});

export const paymentMethodsRoutes = apiRouter()
  .openapi(savedCardsRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await savedCardsOf(c.var.deps.db, c.var.deps.gateway, user.id), 200);
  })
  .openapi(setDefaultCardRoute, async (c) => {
    const user = requireUser(c);
    const { db, gateway } = c.var.deps;
    const { id } = c.req.valid('param');
    const cards = await savedCardsOf(db, gateway, user.id);
    if (!cards.some((card) => card.id === id)) throw notFound();
    const updatedAt = c.var.deps.now();
    await db
      .insert(customerPaymentDefaults)
      .values({ userId: user.id, paymentMethodId: id, updatedAt })
      .onConflictDoUpdate({ target: customerPaymentDefaults.userId, set: { paymentMethodId: id, updatedAt } });
    return c.json(await savedCardsOf(db, gateway, user.id), 200);
  })
  .openapi(removeCardRoute, async (c) => {
    const user = requireUser(c);
    const { db, gateway } = c.var.deps;
    const { id } = c.req.valid('param');
    // Only the caller's own bookings are looked at, so this says nothing about others' cards.
    if (await backsOpenPayment(db, user.id, id)) throw conflict('payment_method_in_use', 'account.paymentMethodInUse');
    await atGateway(() => gateway.removeSavedCard(user.id, id));
    await db.delete(customerPaymentDefaults).where(and(eq(customerPaymentDefaults.userId, user.id), eq(customerPaymentDefaults.paymentMethodId, id)));
    return c.body(null, 204);
  });
