/**
 * Push notifications in the Capacitor apps (issue #15: "on the native apps the
 * `@capacitor/push-notifications` token is stored the same way" as a Web Push subscription).
 *
 * A signed-in worker or admin (never a customer) is asked for permission, the device registers
 * with FCM, and its token is saved with `POST /api/push/subscriptions`
 * `{ channel: 'fcm', token, platform, locale }` (src/domain/push-contract.ts). It runs on every
 * start of the app while signed in as staff, so a rotated token is saved again (the server keeps
 * one row per token). Tapping a notification opens its `url` (PushPayload.url, sent in the FCM
 * message's data) in the app.
 *
 * Only in the worker app built with VITE_NATIVE_PUSH=true (README "Mobile apps"): registering on
 * Android without Firebase configured (google-services.json) crashes the app inside the plugin
 * (FirebaseMessaging.getInstance() throws on the plugin thread, which Capacitor rethrows), so a
 * build for a native project without it must not try.
 */
import { PushNotifications, type ActionPerformed, type PermissionStatus } from '@capacitor/push-notifications';
import type { PushSubscriptionRequest } from '@/domain/push-contract';
import type { Role } from '@/domain/roles';
import { apiFetch } from '../api-client';

/**
 * Whether this build may use native push: the worker app (where workers and admins work; the
 * customer app has no staff pages) built with VITE_NATIVE_PUSH=true, i.e. its native projects
 * have Firebase configured.
 */
export function nativePushEnabled(): boolean {
  return import.meta.env.VITE_NATIVE_PUSH === 'true' && import.meta.env.VITE_APP_VARIANT === 'worker';
}

/** Who gets pushes (push-contract.ts): workers (their assignments) and admins (new bookings, waiting chats). */
export function receivesPush(role: Role | null | undefined): role is 'worker' | 'admin' {
  return role === 'worker' || role === 'admin';
}

export type NativePushOutcome = 'registered' | 'not-staff' | 'denied';

export interface RegisterDeviceInput {
  role: Role | null | undefined;
  platform: 'android' | 'ios';
  /** The language notifications to this device are written in (the interface language). */
  locale: 'en' | 'es';
}

async function permission(): Promise<PermissionStatus['receive']> {
  const current = await PushNotifications.checkPermissions();
  if (current.receive !== 'prompt' && current.receive !== 'prompt-with-rationale') return current.receive;
  return (await PushNotifications.requestPermissions()).receive;
}

/**
 * Registers this device for the signed-in user's pushes and saves its token.
 * @returns 'not-staff' for customers and signed-out users (nothing is asked or sent), 'denied'
 *   when the user refuses notifications (Android 13+ and iOS ask once), 'registered' once the
 *   server has the token.
 * @throws Error with the plugin's message when the device cannot register (no Google Play
 *   services, no network to FCM/APNs); ApiError when the server refuses the token.
 */
export async function registerDeviceForPush({ role, platform, locale }: RegisterDeviceInput): Promise<NativePushOutcome> {
  if (!receivesPush(role)) return 'not-staff';
  if ((await permission()) !== 'granted') return 'denied';
  const handles: { remove: () => Promise<void> }[] = [];
  try {
    const token = await new Promise<string>((resolve, reject) => {
      void (async () => {
        handles.push(await PushNotifications.addListener('registration', ({ value }) => resolve(value)));
        handles.push(await PushNotifications.addListener('registrationError', ({ error }) => reject(new Error(error))));
        await PushNotifications.register();
      })().catch(reject);
    });
    const body: PushSubscriptionRequest = { channel: 'fcm', token, platform, locale };
    await apiFetch('/api/push/subscriptions', { method: 'POST', body });
    return 'registered';
  } finally {
    await Promise.all(handles.map((handle) => handle.remove()));
  }
}

/**
 * The app path a tapped notification opens: its data's `url` (PushPayload.url) when that is a
 * path of this app (`/worker`, `/admin/bookings/…`); null for anything else (a full URL, `//host`,
 * missing), so a notification can never send the app to another site.
 */
export function notificationPath(action: Pick<ActionPerformed, 'notification'>): string | null {
  const url: unknown = (action.notification.data as Record<string, unknown> | undefined)?.url;
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\') || url.length > 300) return null;
  return url;
}

/**
 * Opens tapped notifications with `open` (the router's navigate). A tap that started the app is
 * kept by the plugin until this listener is added, so it is opened too.
 * @returns a function that stops listening
 */
export function openTappedNotifications(open: (path: string) => void): () => void {
  const handle = PushNotifications.addListener('pushNotificationActionPerformed', (action) => {
    const path = notificationPath(action);
    if (path) open(path);
  }).catch(() => null); // no push plugin on this platform: nothing to listen to
  return () => void handle.then((h) => h?.remove());
}
