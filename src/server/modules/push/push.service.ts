/**
 * The devices of staff that receive push notifications (issue #15): subscribe this device
 * (upsert by its Web Push endpoint or FCM token), list the caller's devices, unsubscribe one.
 * Contract: src/domain/push-contract.ts; table: push_subscriptions (src/server/db/schema/push.ts).
 * Sending lives in ./push-sender.ts, the events that send in ./push-events.ts.
 */
import Bowser from 'bowser';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PushDevice, PushPlatform, pushSubscriptionRequestSchema } from '../../../domain/push-contract';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type PushSubscriptionInput = z.output<typeof pushSubscriptionRequestSchema>;

export const toPushDevice = (row: SubscriptionRow): PushDevice => ({
  id: row.id,
  channel: row.channel as PushDevice['channel'],
  platform: row.platform as PushPlatform,
  deviceName: row.deviceName,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A readable name for the device from its User-Agent, read with bowser as the account security
 * list does (web/features/settings/utils/device-name.ts): "Chrome · Android". The browser's and
 * the system's names are the same in English and Spanish, so no words are stored. Null when the
 * header names neither.
 */
export function deviceNameOf(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const parser = Bowser.getParser(userAgent);
  const name = [parser.getBrowserName(), parser.getOSName()].filter(Boolean).join(' · ');
  return name ? name.slice(0, 120) : null;
}

/**
 * Refuses a Web Push endpoint a browser could not have given: push services are https. Plain
 * http is accepted outside production only, for a local push endpoint in tests. Also refused: an
 * endpoint over 2048 bytes (multi-byte characters), which the unique index could not hold.
 * @throws AppError 400 validation_failed with `details.endpoint` (pushMessage.errors.endpointNotHttps | validation.invalid)
 */
export function assertPushEndpointAllowed(endpoint: string, production: boolean): void {
  // the unique index holds up to about 2700 bytes: a URL of many multi-byte characters is no push service's
  if (Buffer.byteLength(endpoint) > 2048) throw badRequest('validation_failed', 'errors.validationFailed', { details: { endpoint: 'validation.invalid' } });
  if (production && new URL(endpoint).protocol !== 'https:') {
    throw badRequest('validation_failed', 'errors.validationFailed', { details: { endpoint: 'pushMessage.errors.endpointNotHttps' } });
  }
}

/**
 * Saves this device for `userId`. The endpoint (web) or token (fcm) is the device: subscribing it
 * again updates its keys, language and name, and when another account subscribes it, it moves to
 * that account (a shared tablet signed in by the next person gets that person's notifications).
 * @returns the device, and whether the row is new (201) rather than updated or moved (200)
 * @throws AppError 400 (assertPushEndpointAllowed) for an http endpoint in production
 */
export async function subscribeDevice(
  db: Database,
  userId: string,
  input: PushSubscriptionInput,
  context: { userAgent: string | null | undefined; now: Date; production: boolean },
): Promise<{ device: PushDevice; created: boolean }> {
  if (input.channel === 'web') assertPushEndpointAllowed(input.endpoint, context.production);
  const values =
    input.channel === 'web'
      ? { channel: 'web', endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, platform: 'web' }
      : { channel: 'fcm', endpoint: input.token, p256dh: null, auth: null, platform: input.platform };
  const deviceName = deviceNameOf(context.userAgent);
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...values, userId, locale: input.locale, deviceName, createdAt: context.now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        ...values,
        locale: input.locale,
        deviceName,
        // a device moving to another account is new to that account
        createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else excluded.created_at end`,
        userId,
      },
    })
    .returning({ ...getTableColumns(pushSubscriptions), created: sql<boolean>`(xmax = 0)` });
  // xmax = 0: the row was inserted, not updated (PostgreSQL and PGlite alike)
  const { created, ...saved } = row!;
  return { device: toPushDevice(saved), created: Boolean(created) };
}

/** The caller's subscribed devices, oldest first. */
export async function listDevices(db: Database, userId: string): Promise<PushDevice[]> {
  const rows = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(toPushDevice);
}

/**
 * Stops pushing to one of the caller's devices (its endpoint or token).
 * @throws AppError 404 when the caller has no such device (another account's device is not theirs to remove)
 */
export async function unsubscribeDevice(db: Database, userId: string, endpoint: string): Promise<void> {
  const removed = await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId))).returning({ id: pushSubscriptions.id });
  if (removed.length === 0) throw notFound();
}
