/**
 * This browser's Web Push subscription for the signed-in worker or admin (issue #15): whether it
 * can be had, and turning it on or off.
 *
 * - Inside the native apps there is nothing to do here (they register an FCM token themselves):
 *   `hidden`. So is a server without VAPID keys (`vapidPublicKey` null).
 * - A browser without service workers, the Push API or notifications: `unsupported` (on iPhone,
 *   Web Push needs the site added to the Home Screen, iOS 16.4+).
 * - Notifications blocked for the site: `denied` (only the browser's site settings can undo it).
 * - Otherwise `on` when the browser holds a subscription made with the server's key, else `off`.
 *   An existing subscription is sent to the server again when the page opens (and when the
 *   language changes): the server then has its current keys and language, and the device
 *   belongs to whoever is signed in on it now.
 *
 * `enable` asks for permission, subscribes through the service worker the PWA registers
 * (`navigator.serviceWorker.ready`, `pushManager.subscribe({ userVisibleOnly: true,
 * applicationServerKey })`) and saves the subscription; `disable` removes it on the server, then
 * in the browser.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAppContainer } from '@/web/lib/app-type';
import { usePushConfig } from '../api/get-push-config';
import { deletePushSubscription } from '../api/delete-push-subscription';
import { savePushSubscription } from '../api/save-push-subscription';

export type PushStatus = 'hidden' | 'loading' | 'unsupported' | 'denied' | 'off' | 'on' | 'error';

/** How long to wait for the service worker before giving up (it is registered at start by the PWA). */
const SERVICE_WORKER_TIMEOUT_MS = 10_000;

export class ServiceWorkerUnavailableError extends Error {
  constructor() {
    super('No active service worker');
    this.name = 'ServiceWorkerUnavailableError';
  }
}

/** Whether this browser can receive Web Push at all (service workers, Push API, notifications). */
export function browserSupportsPush(): boolean {
  return typeof window !== 'undefined' && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** A base64url VAPID key as the bytes `applicationServerKey` takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options?.applicationServerKey;
  if (!current) return true; // browsers that do not report it: trust the subscription
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ServiceWorkerUnavailableError()), SERVICE_WORKER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function toRequest(subscription: PushSubscription, locale: 'en' | 'es') {
  const json = subscription.toJSON();
  return { channel: 'web' as const, endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }, locale };
}

export function usePushSubscription() {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'es' ? 'es' : 'en';
  const native = isAppContainer();
  const supported = browserSupportsPush();
  const config = usePushConfig(!native);
  const vapidKey = config.data?.vapidPublicKey ?? null;
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [denied, setDenied] = useState(() => supported && Notification.permission === 'denied');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<unknown>(null);

  // What the browser already holds (no waiting for `ready`: without a worker there is nothing).
  useEffect(() => {
    if (native || !supported || !vapidKey) return;
    let cancelled = false;
    void (async () => {
      try {
        const registration = await navigator.serviceWorker.getRegistration();
        const existing = await registration?.pushManager.getSubscription();
        const usable = existing && Notification.permission === 'granted' && sameKey(existing, vapidKeyBytes(vapidKey)) ? existing : null;
        if (usable) await savePushSubscription(toRequest(usable, locale));
        if (!cancelled) setSubscribed(Boolean(usable));
      } catch (error) {
        if (!cancelled) {
          setSubscribed(false);
          setActionError(error);
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [native, supported, vapidKey, locale]);

  const enable = useCallback(async () => {
    if (!vapidKey) return;
    setBusy(true);
    setActionError(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setDenied(permission === 'denied');
        return;
      }
      const registration = await readyRegistration();
      const key = vapidKeyBytes(vapidKey);
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await savePushSubscription(toRequest(subscription, locale));
      setSubscribed(true);
    } catch (error) {
      setActionError(error);
    } finally {
      setBusy(false);
    }
  }, [vapidKey, locale]);

  const disable = useCallback(async () => {
    setBusy(true);
    setActionError(null);
    try {
      const registration = await navigator.serviceWorker.getRegistration();
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await deletePushSubscription({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setSubscribed(false);
    } catch (error) {
      setActionError(error);
    } finally {
      setBusy(false);
    }
  }, []);

  let status: PushStatus;
  if (native) status = 'hidden';
  else if (config.isPending) status = 'loading';
  else if (config.isError) status = 'error';
  else if (!vapidKey) status = 'hidden';
  else if (!supported) status = 'unsupported';
  else if (denied) status = 'denied';
  else if (subscribed === null) status = 'loading';
  else status = subscribed ? 'on' : 'off';

  return { status, busy, actionError, configError: config.error, retry: () => void config.refetch(), enable, disable };
}
