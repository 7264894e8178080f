/**
 * The push notification contract (issue #15): what a device sends to subscribe, and what a
 * notification carries. Shared by the server (modules/push), the web app (components/push), the
 * service worker (which shows a notification from a `PushPayload`) and the native apps (which
 * register an FCM token the same way).
 *
 * Who is told what (spec section 2: workers run their jobs, admins dispatch and chat):
 * - a worker: a booking newly assigned to them;
 * - every admin: a new booking, and a chat conversation waiting for a reply.
 */
import { z } from 'zod';

export const PUSH_CHANNELS = ['web', 'fcm'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];

export const PUSH_PLATFORMS = ['web', 'android', 'ios'] as const;
export type PushPlatform = (typeof PUSH_PLATFORMS)[number];

/** The events that send a push, each rendered in the recipient device's language. */
export const PUSH_EVENTS = ['assignment', 'new_booking', 'waiting_chat'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

/** base64url without padding, as `PushSubscription.toJSON().keys` gives it. */
const base64url = z.string({ error: 'validation.invalid' }).regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'validation.invalid' }).max(200, { error: 'validation.invalid' });

/**
 * `POST /api/push/subscriptions`: this device, for the signed-in worker or admin.
 * - `web`: the browser's `PushSubscription.toJSON()` (endpoint URL and keys).
 * - `fcm`: the native app's registration token from `@capacitor/push-notifications`.
 * `locale` is the language notifications to this device are written in.
 */
export const pushSubscriptionRequestSchema = z
  .discriminatedUnion('channel', [
    z.object({
      channel: z.literal('web'),
      endpoint: z.url({ protocol: /^https?$/, error: 'validation.invalid' }).max(2048, { error: 'validation.invalid' }),
      keys: z.object({ p256dh: base64url, auth: base64url }),
      locale: z.enum(['en', 'es']).default('en'),
    }),
    z.object({
      channel: z.literal('fcm'),
      // FCM registration tokens (and APNs hex tokens) are URL-safe ASCII, well under 2048 characters
      token: z.string({ error: 'validation.invalid' }).min(10, { error: 'validation.invalid' }).max(2048, { error: 'validation.invalid' }).regex(/^[\w:.-]+$/, { error: 'validation.invalid' }),
      platform: z.enum(['android', 'ios'], { error: 'validation.invalid' }),
      locale: z.enum(['en', 'es']).default('en'),
    }),
  ])
  .meta({ id: 'PushSubscriptionRequest' });
export type PushSubscriptionRequest = z.input<typeof pushSubscriptionRequestSchema>;

/** `DELETE /api/push/subscriptions`: stop pushing to this device (its endpoint or token). */
export const pushUnsubscribeRequestSchema = z
  .object({ endpoint: z.string({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(4096, { error: 'validation.invalid' }) })
  .meta({ id: 'PushUnsubscribeRequest' });
export type PushUnsubscribeRequest = z.input<typeof pushUnsubscribeRequestSchema>;

/** `GET /api/push/config`: the VAPID public key the browser subscribes with; null when Web Push is not configured. */
export const pushConfigSchema = z.object({ vapidPublicKey: z.string().nullable() }).meta({ id: 'PushConfig' });
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** One subscribed device of the caller, for the settings list. */
export const pushDeviceSchema = z
  .object({
    id: z.string(),
    channel: z.enum(PUSH_CHANNELS),
    platform: z.enum(PUSH_PLATFORMS),
    deviceName: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'PushDevice' });
export type PushDevice = z.infer<typeof pushDeviceSchema>;

/**
 * What a notification carries, already in the recipient's language: the service worker shows
 * `title` and `body`, groups by `tag` (a newer notification with the same tag replaces the older),
 * and opens `url` (a path of this app) when tapped. Kept small: a Web Push message is at most 4 KB.
 */
export const pushPayloadSchema = z
  .object({
    event: z.enum(PUSH_EVENTS),
    title: z.string().max(120),
    body: z.string().max(400),
    url: z.string().startsWith('/').max(300),
    tag: z.string().max(100),
  })
  .meta({ id: 'PushPayload' });
export type PushPayload = z.infer<typeof pushPayloadSchema>;
