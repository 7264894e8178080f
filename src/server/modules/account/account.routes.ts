/**
 * `/api/account`: the signed-in customer's saved addresses, preferences and saved cards (Settings).
 *
 * Addresses: GET /addresses (default first), POST { street, unit?, city, state, zip, is_default? },
 * PATCH /addresses/{id} (any of those), DELETE /addresses/{id}. The ZIP must be in the service area (the same
 * setting and message as a booking). The first address, or one marked default, becomes the
 * only default. Someone else's address answers 404.
 *
 * Deleting the account: DELETE / { confirm: "DELETE" } (delete-account.ts); 400
 * `confirm_required` without the typed word, 409 `upcoming_bookings` while bookings are open.
 *
 * Preferences: GET and PUT { email, sms } (notification choices, both on by default).
 *
 * Payment methods (saved cards at the payment gateway, and the default one): mounted from
 * payment-methods.routes.ts under /payment-methods.
 *
 * Every route is for a signed-in caller, whatever their role (401 otherwise); the contract lives in
 * src/domain/saved-details.ts and account.ts, declared with `defineRoute`
 * (docs/decisions/013-api-contract.md).
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import { accountDeletedSchema, deleteAccountRequestSchema, notificationPreferencesSchema, type NotificationPreferences } from '../../../domain/account';
import { recordIdSchema } from '../../../domain/ids';
import { savedAddressChangeSchema, savedAddressRequestSchema, savedAddressViewSchema, type SavedAddressView } from '../../../domain/saved-details';
import { isInServiceArea } from '../../../domain/service-area';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { notificationPreferences, savedAddresses } from '../../db/schema';
import { AppError, notFound, ruleBroken } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses, jsonBody, jsonContent } from '../../lib/openapi';
import { getBusinessSettings } from '../settings/settings.service';
import { deleteAccount } from './delete-account';
import { paymentMethodsRoutes } from './payment-methods.routes';

type AddressRow = typeof savedAddresses.$inferSelect;

const addressView = (row: AddressRow): SavedAddressView => ({
  id: row.id,
  street: row.street,
  unit: row.unit,
  city: row.city,
  state: row.state,
  zip: row.zip,
  is_default: row.isDefault,
});

async function preferencesOf(db: Database, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return { email: row?.email ?? true, sms: row?.sms ?? true };
}

async function checkServiceArea(db: Database, zip: string) {
  const settings = await getBusinessSettings(db);
  if (!isInServiceArea(zip, settings.serviceAreaZips)) {
    throw ruleBroken('outside_service_area', 'validation.outsideServiceArea', { details: { zip: 'validation.outsideServiceArea' }, params: { zip } });
  }
}

async function listAddresses(db: Database, userId: string) {
  const rows = await db.select().from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.createdAt));
  return rows.map(addressView);
}

const ADDRESS_TAGS = ['Account: saved addresses'];
const ACCOUNT_TAGS = ['Account'];
const addressParams = z.object({ id: recordIdSchema });
const addressList = jsonContent(z.array(savedAddressViewSchema), 'The saved addresses, the default first');

const deleteAccountRoute = defineRoute({
  method: 'delete',
  path: '/',
  access: 'signed_in',
  tags: ACCOUNT_TAGS,
  summary: "Delete the caller's account",
  description:
    'Removes the personal data and signs the caller out everywhere; past bookings stay, anonymised. Without the typed word: 400 `confirm_required`. While bookings are open: 409 `upcoming_bookings`; a staff account: 409 `staff_account`.',
  request: { body: jsonBody(deleteAccountRequestSchema) },
  responses: { 200: jsonContent(accountDeletedSchema, 'Deleted'), ...errorResponses(400, 401, 409, 415) },
});

const preferencesRoute = defineRoute({
  method: 'get',
  path: '/preferences',
  access: 'signed_in',
  tags: ACCOUNT_TAGS,
  summary: "The caller's notification choices (both on until changed)",
  responses: { 200: jsonContent(notificationPreferencesSchema, 'The choices'), ...errorResponses(401) },
});

const savePreferencesRoute = defineRoute({
  method: 'put',
  path: '/preferences',
  access: 'signed_in',
  tags: ACCOUNT_TAGS,
  summary: "Save the caller's notification choices",
  request: { body: jsonBody(notificationPreferencesSchema) },
  responses: { 200: jsonContent(notificationPreferencesSchema, 'The choices as saved'), ...errorResponses(400, 401, 415) },
});

const addressesRoute = defineRoute({
  method: 'get',
  path: '/addresses',
  access: 'signed_in',
  tags: ADDRESS_TAGS,
  summary: "The caller's saved addresses",
  responses: { 200: addressList, ...errorResponses(401) },
});

const addAddressRoute = defineRoute({
  method: 'post',
  path: '/addresses',
  access: 'signed_in',
  tags: ADDRESS_TAGS,
  summary: 'Save an address',
  description: 'The first address, or one with `is_default: true`, becomes the only default. A ZIP outside the service area: 422 `outside_service_area`.',
  request: { body: jsonBody(savedAddressRequestSchema) },
  responses: { 201: jsonContent(savedAddressViewSchema, 'The saved address'), ...errorResponses(400, 401, 415, 422) },
});

const changeAddressRoute = defineRoute({
  method: 'patch',
  path: '/addresses/{id}',
  access: 'signed_in',
  tags: ADDRESS_TAGS,
  summary: 'Change a saved address, or make it the default',
  description: "Someone else's address: 404. A ZIP outside the service area: 422 `outside_service_area`.",
  request: { params: addressParams, body: jsonBody(savedAddressChangeSchema) },
  responses: { 200: jsonContent(savedAddressViewSchema, 'The address as it is now'), ...errorResponses(400, 401, 404, 415, 422) },
});

const removeAddressRoute = defineRoute({
  method: 'delete',
  path: '/addresses/{id}',
  access: 'signed_in',
  tags: ADDRESS_TAGS,
  summary: 'Remove a saved address',
  description: "The oldest remaining address becomes the default when the default is removed. Someone else's address: 404.",
  request: { params: addressParams },
  responses: { 200: addressList, ...errorResponses(401, 404) },
});

export const accountRoutes = apiRouter()
  .openapi(
    deleteAccountRoute,
    async (c) => {
      const user = requireUser(c);
      await deleteAccount(c.var.deps, user.id);
      return c.json({ deleted: true as const }, 200);
    },
    // Without the typed word (or any body) the answer keeps its own code.
    (result) => {
      if (!result.success) throw new AppError(400, 'confirm_required', 'account.deleteConfirmRequired', { details: { confirm: 'account.deleteConfirmRequired' } });
    },
  )
  .openapi(preferencesRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await preferencesOf(c.var.deps.db, user.id), 200);
  })
  .openapi(savePreferencesRoute, async (c) => {
    const user = requireUser(c);
    const input = c.req.valid('json');
    const updatedAt = c.var.deps.now();
    await c.var.deps.db
      .insert(notificationPreferences)
      .values({ userId: user.id, ...input, updatedAt })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...input, updatedAt } });
    return c.json(await preferencesOf(c.var.deps.db, user.id), 200);
  })
  .openapi(addressesRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await listAddresses(c.var.deps.db, user.id), 200);
  })
  .openapi(addAddressRoute, async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const input = c.req.valid('json');
    await checkServiceArea(db, input.zip);
    const created = await db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: savedAddresses.id }).from(savedAddresses).where(eq(savedAddresses.userId, user.id)).limit(1);
      const isDefault = input.is_default === true || !existing;
      if (isDefault) await tx.update(savedAddresses).set({ isDefault: false }).where(eq(savedAddresses.userId, user.id));
      const [row] = await tx
        .insert(savedAddresses)
        .values({ userId: user.id, street: input.street, unit: input.unit ?? null, city: input.city, state: input.state, zip: input.zip, isDefault })
        .returning();
      return row!;
    });
    return c.json(addressView(created), 201);
  })
  .openapi(changeAddressRoute, async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    if (input.zip !== undefined) await checkServiceArea(db, input.zip);
    const updated = await db.transaction(async (tx) => {
      const [own] = await tx.select().from(savedAddresses).where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, user.id)));
      if (!own) throw notFound();
      if (input.is_default === true) await tx.update(savedAddresses).set({ isDefault: false }).where(and(eq(savedAddresses.userId, user.id), ne(savedAddresses.id, id)));
      const [row] = await tx
        .update(savedAddresses)
        .set({
          ...(input.street !== undefined ? { street: input.street } : {}),
          ...('unit' in input ? { unit: input.unit ?? null } : {}),
          ...(input.city !== undefined ? { city: input.city } : {}),
          ...(input.state !== undefined ? { state: input.state } : {}),
          ...(input.zip !== undefined ? { zip: input.zip } : {}),
          ...(input.is_default === true ? { isDefault: true } : {}),
          updatedAt: c.var.deps.now(),
        })
        .where(eq(savedAddresses.id, id))
        .returning();
      return row!;
    });
    return c.json(addressView(updated), 200);
  })
  .openapi(removeAddressRoute, async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const { id } = c.req.valid('param');
    await db.transaction(async (tx) => {
      const [removed] = await tx.delete(savedAddresses).where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, user.id))).returning();
      if (!removed) throw notFound();
      if (removed.isDefault) {
        // the oldest remaining address takes over as default
        const [next] = await tx.select({ id: savedAddresses.id }).from(savedAddresses).where(eq(savedAddresses.userId, user.id)).orderBy(asc(savedAddresses.createdAt)).limit(1);
        if (next) await tx.update(savedAddresses).set({ isDefault: true }).where(eq(savedAddresses.id, next.id));
      }
    });
    return c.json(await listAddresses(db, user.id), 200);
  })
  .route('/payment-methods', paymentMethodsRoutes);
