/**
 * Push notification subscriptions (issue #15): one row per device that asked to be told about
 * new work while the app is closed — a browser's Web Push subscription (endpoint URL and its
 * encryption keys, RFC 8291) or a native app's FCM registration token. A device belongs to the
 * account that subscribed it last (the same endpoint subscribed again by another account moves
 * to that account), and a subscription the push service reports gone (404/410) is deleted.
 */
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { user } from './auth';

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    /** `web` (Web Push through the browser's push service) or `fcm` (a native app's token). */
    channel: text('channel').notNull(),
    /** The Web Push endpoint URL, or the FCM registration token. */
    endpoint: text('endpoint').notNull(),
    /** Web Push only: the browser's P-256 public key and auth secret (base64url). */
    p256dh: text('p256dh'),
    auth: text('auth'),
    /** `web`, `android` or `ios`. */
    platform: text('platform').notNull(),
    /** A readable device name ("Chrome on Android") for the settings list. */
    deviceName: text('device_name'),
    /** The language the notifications are written in (`en` | `es`), the one the device subscribed in. */
    locale: text('locale').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    check('push_subscriptions_channel_check', sql`${t.channel} in ('web', 'fcm')`),
    check('push_subscriptions_platform_check', sql`${t.platform} in ('web', 'android', 'ios')`),
    check('push_subscriptions_web_keys_check', sql`${t.channel} <> 'web' or (${t.p256dh} is not null and ${t.auth} is not null)`),
  ],
);
