/**
 * Sends one notification to every device of some users (issue #15), each rendered in the
 * device's language:
 * - `web` devices through their browser's push service: Web Push (RFC 8030) with the payload
 *   encrypted for the device (aes128gcm, RFC 8291) and signed by our VAPID key (RFC 8292), built
 *   with the `web-push` library and posted with fetch (so a plain-http local endpoint works in
 *   tests; production refuses http endpoints when they subscribe);
 * - `fcm` devices (the native apps' tokens) through Firebase Cloud Messaging's HTTP v1 API,
 *   authorised by a service account with google-auth-library's JWT client.
 *
 * A channel without its configuration (config.push.webPush / fcm null) sends nothing. A device the
 * service reports gone (web 404/410, FCM UNREGISTERED) is deleted; a delivered one gets
 * `last_sent_at`. Every other failure is logged with pino and never thrown: a notification is a
 * courtesy, the change that caused it has already been saved.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, notExists } from 'drizzle-orm';
import type { JWT } from 'google-auth-library';
import type { PushPayload } from '../../../domain/push-contract';
import type { PushConfig } from '../../config';
import type { Database } from '../../db/client';
import { disabledUsers, pushSubscriptions } from '../../db/schema';
import type { Lang } from '../../lib/i18n';
import type { Logger } from '../../lib/logger';

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** How the push services treat the message (Web Push `Urgency`/`TTL`, FCM/APNs priority and expiry). */
export interface PushDelivery {
  /** `high` wakes a sleeping phone at once (a new job); `normal` may wait for the next wake-up. */
  urgency: 'high' | 'normal';
  /** Seconds the push service keeps the message for a device that is offline; after that it is dropped. */
  ttlSeconds: number;
}

export interface PushSendReport {
  /** Devices the push service accepted the message for. */
  sent: number;
  /** Devices deleted because the service said they are gone. */
  removed: number;
  /** Devices that failed otherwise (logged). */
  failed: number;
}

export interface PushSenderDeps {
  db: Database;
  config: PushConfig;
  logger: Logger;
  now: () => Date;
}

/** The longest a push service may take to answer, milliseconds. */
const SEND_TIMEOUT_MS = 10_000;
const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const FCM_API = 'https://fcm.googleapis.com';

type Outcome = 'sent' | 'gone' | 'failed';

/**
 * A Web Push `Topic` for a tag: at most 32 URL-safe characters (RFC 8030 section 5.4). A newer
 * message with the same topic replaces one the push service still holds for an offline device.
 */
export const webPushTopic = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

export function createPushSender(deps: PushSenderDeps) {
  const { config, logger } = deps;
  let fcmClient: JWT | null = null;
  let fcmModule: Promise<typeof import('google-auth-library')> | null = null;

  /** The service account's client (it caches its access token until shortly before expiry). */
  async function fcmAuth(fcm: NonNullable<PushConfig['fcm']>): Promise<JWT> {
    // Loaded on the first push, not at start (issue #16: web-push and google-auth-library are ~4 MB resident).
    // A concurrent first send waits for the same import rather than making a second client.
    fcmModule ??= import('google-auth-library');
    const { JWT } = await fcmModule;
    if (fcmClient) return fcmClient;
    const client = new JWT({ email: fcm.clientEmail, key: fcm.privateKey, scopes: [FCM_SCOPE] });
    if (fcm.apiBase) {
      // Tests only (FCM_API_BASE, refused in production): the token request goes to the fake too.
      const tokenUrl = `${fcm.apiBase}/token`;
      client.transporter.interceptors.request.add({
        resolved: async (options) => {
          if (String(options.url) === GOOGLE_TOKEN_URL) options.url = new URL(tokenUrl);
          return options;
        },
      });
    }
    fcmClient = client;
    return client;
  }

  async function sendWeb(device: SubscriptionRow, payload: PushPayload, delivery: PushDelivery): Promise<Outcome> {
    const vapid = config.webPush!;
    const { default: webpush } = await import('web-push');
    const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh!, auth: device.auth! } }, JSON.stringify(payload), {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      contentEncoding: 'aes128gcm',
      TTL: delivery.ttlSeconds,
      urgency: delivery.urgency,
      topic: webPushTopic(payload.tag),
    });
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'content-length').map(([name, value]) => [name, String(value)]));
    const response = await fetch(request.endpoint, { method: 'POST', headers, body: request.body ? new Uint8Array(request.body) : undefined, signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
    const text = await response.text().catch(() => '');
    if (response.ok) return 'sent';
    // RFC 8030 section 7.3: 404/410, the subscription has expired or was removed by the user
    if (response.status === 404 || response.status === 410) return 'gone';
    logger.warn({ channel: 'web', status: response.status, body: text.slice(0, 300), origin: new URL(device.endpoint).origin, subscriptionId: device.id }, 'web push refused');
    return 'failed';
  }

  async function sendFcm(device: SubscriptionRow, payload: PushPayload, delivery: PushDelivery): Promise<Outcome> {
    const fcm = config.fcm!;
    const { token } = await (await fcmAuth(fcm)).getAccessToken();
    if (!token) throw new Error('no FCM access token');
    const ttl = `${delivery.ttlSeconds}s`;
    const message = {
      token: device.endpoint,
      notification: { title: payload.title, body: payload.body },
      // every value a string (FCM's rule); the app opens `url` when the notification is tapped
      data: { event: payload.event, url: payload.url, tag: payload.tag, title: payload.title, body: payload.body },
      android: { priority: delivery.urgency === 'high' ? 'HIGH' : 'NORMAL', ttl, collapse_key: payload.tag, notification: { tag: payload.tag } },
      apns: {
        headers: {
          'apns-priority': delivery.urgency === 'high' ? '10' : '5',
          'apns-expiration': String(Math.floor(deps.now().getTime() / 1000) + delivery.ttlSeconds),
          'apns-collapse-id': payload.tag.slice(0, 64),
        },
      },
    };
    const response = await fetch(`${fcm.apiBase ?? FCM_API}/v1/projects/${encodeURIComponent(fcm.projectId)}/messages:send`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ message }),
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    if (response.ok) return 'sent';
    const body = (await response.json().catch(() => null)) as { error?: { status?: string; message?: string; details?: { errorCode?: string }[] } } | null;
    const errorCode = body?.error?.details?.find((d) => d.errorCode)?.errorCode ?? body?.error?.status;
    // firebase.google.com/docs/reference/fcm/rest/v1/ErrorCode: UNREGISTERED, the app instance is gone
    if (errorCode === 'UNREGISTERED') return 'gone';
    logger.warn({ channel: 'fcm', status: response.status, errorCode, message: body?.error?.message, subscriptionId: device.id }, 'FCM refused the message');
    return 'failed';
  }

  /**
   * Sends one notification to every device of `userIds` whose channel is configured (disabled
   * accounts excluded), each in the device's language; resolves when every device answered.
   * @param payloadFor the notification in a language (called once per language used)
   * @returns how many devices got it, were removed as gone, or failed; never rejects
   */
  async function sendPush(userIds: readonly string[], payloadFor: (lang: Lang) => PushPayload, delivery: PushDelivery): Promise<PushSendReport> {
    const report: PushSendReport = { sent: 0, removed: 0, failed: 0 };
    const channels = [...(config.webPush ? ['web'] : []), ...(config.fcm ? ['fcm'] : [])];
    if (userIds.length === 0 || channels.length === 0) return report;
    try {
      const devices = await deps.db
        .select()
        .from(pushSubscriptions)
        .where(
          and(
            inArray(pushSubscriptions.userId, [...new Set(userIds)]),
            inArray(pushSubscriptions.channel, channels),
            notExists(deps.db.select({ one: disabledUsers.userId }).from(disabledUsers).where(eq(disabledUsers.userId, pushSubscriptions.userId))),
          ),
        );
      const payloads = new Map<Lang, PushPayload>();
      const payloadIn = (locale: string) => {
        const lang: Lang = locale === 'es' ? 'es' : 'en';
        if (!payloads.has(lang)) payloads.set(lang, payloadFor(lang));
        return payloads.get(lang)!;
      };
      await Promise.all(
        devices.map(async (device) => {
          let outcome: Outcome;
          try {
            const payload = payloadIn(device.locale);
            outcome = device.channel === 'web' ? await sendWeb(device, payload, delivery) : await sendFcm(device, payload, delivery);
          } catch (error) {
            logger.warn({ err: error, channel: device.channel, subscriptionId: device.id }, 'push not sent');
            outcome = 'failed';
          }
          try {
            if (outcome === 'gone') {
              // only the row that was sent to: the device may have subscribed again meanwhile
              await deps.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, device.id), eq(pushSubscriptions.endpoint, device.endpoint)));
              report.removed++;
            } else if (outcome === 'sent') {
              await deps.db.update(pushSubscriptions).set({ lastSentAt: deps.now() }).where(eq(pushSubscriptions.id, device.id));
              report.sent++;
            } else report.failed++;
          } catch (error) {
            logger.warn({ err: error, subscriptionId: device.id }, 'push subscription not updated after sending');
          }
        }),
      );
    } catch (error) {
      logger.error({ err: error }, 'push notifications not sent');
    }
    return report;
  }

  return { sendPush };
}

export type PushSender = ReturnType<typeof createPushSender>;
