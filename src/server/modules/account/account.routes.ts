/**
 * `/api/account`: the signed-in customer's saved addresses, preferences and saved cards (Settings).
 *
 * Addresses: GET / (default first), POST { street, unit?, city, state, zip, is_default? },
 * PATCH /:id (any of those), DELETE /:id. The ZIP must be in the service area (the same
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
 */
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { addressSchema } from '../../../domain/address';
import { recordIdSchema } from '../../../domain/ids';
import type { SavedAddressView } from '../../../domain/saved-details';
import { isInServiceArea } from '../../../domain/service-area';
import { requireUser } from '../../auth/session';
import type { Database } from '../../db/client';
import { notificationPreferences, savedAddresses } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';
import { AppError, notFound, ruleBroken, validationError } from '../../lib/errors';
import { pathId } from '../../lib/path-params';
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

const preferencesSchema = z.object({ email: z.boolean(), sms: z.boolean() });

async function preferencesOf(db: Database, userId: string) {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return { email: row?.email ?? true, sms: row?.sms ?? true };
}

const createSchema = addressSchema.extend({ is_default: z.boolean().optional() });
const updateSchema = addressSchema.partial().extend({ is_default: z.boolean().optional() });

async function parseBody<T extends z.ZodType>(schema: T, raw: unknown): Promise<z.output<T>> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error.issues);
  return parsed.data;
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

export const accountRoutes = new Hono<AppEnv>()
  .delete('/', async (c) => {
    const user = requireUser(c);
    const body = (await c.req.json().catch(() => null)) as { confirm?: unknown } | null;
    if (body?.confirm !== 'DELETE') throw new AppError(400, 'confirm_required', 'account.deleteConfirmRequired', { details: { confirm: 'account.deleteConfirmRequired' } });
    await deleteAccount(c.var.deps, user.id, c.var.deps.now());
    return c.json({ deleted: true });
  })
  .get('/preferences', async (c) => {
    const user = requireUser(c);
    return c.json(await preferencesOf(c.var.deps.db, user.id));
  })
  .put('/preferences', async (c) => {
    const user = requireUser(c);
    const input = await parseBody(preferencesSchema, await c.req.json().catch(() => null));
    const updatedAt = c.var.deps.now();
    await c.var.deps.db
      .insert(notificationPreferences)
      .values({ userId: user.id, ...input, updatedAt })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...input, updatedAt } });
    return c.json(await preferencesOf(c.var.deps.db, user.id));
  })
  .get('/addresses', async (c) => {
    const user = requireUser(c);
    return c.json(await listAddresses(c.var.deps.db, user.id));
  })
  .post('/addresses', async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const input = await parseBody(createSchema, await c.req.json().catch(() => null));
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
  .patch('/addresses/:id', async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const id = pathId(c, recordIdSchema);
    const input = await parseBody(updateSchema, await c.req.json().catch(() => null));
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
    return c.json(addressView(updated));
  })
  .delete('/addresses/:id', async (c) => {
    const user = requireUser(c);
    const { db } = c.var.deps;
    const id = pathId(c, recordIdSchema);
    await db.transaction(async (tx) => {
      const [removed] = await tx.delete(savedAddresses).where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, user.id))).returning();
      if (!removed) throw notFound();
      if (removed.isDefault) {
        // the oldest remaining address takes over as default
        const [next] = await tx.select({ id: savedAddresses.id }).from(savedAddresses).where(eq(savedAddresses.userId, user.id)).orderBy(asc(savedAddresses.createdAt)).limit(1);
        if (next) await tx.update(savedAddresses).set({ isDefault: true }).where(eq(savedAddresses.id, next.id));
      }
    });
    return c.json(await listAddresses(db, user.id));
  })
  .route('/payment-methods', paymentMethodsRoutes);
