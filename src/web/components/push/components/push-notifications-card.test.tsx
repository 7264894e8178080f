// @vitest-environment jsdom
/**
 * "Notifications on this device" (issue #15) in each state a staff member can meet: hidden when
 * the server has no VAPID key or inside the native app, loading, an unsupported browser, blocked
 * notifications (with how to allow them), a failed check with retry, and on/off — turning it on
 * asks permission, subscribes with the server's key and saves the subscription; off removes it
 * on the server and in the browser. The browser's push pieces are stand-ins (jsdom has none).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadRouteMessages } from '@/web/lib/i18n';
import { mockApi, renderPage } from '@/web/test/render-route';
import { PushNotificationsCard } from './push-notifications-card';

/** Inside the native app: Capacitor's Android shell puts its bridge on window (lib/app-type.ts). */
const native = {
  set value(inside: boolean) {
    if (inside) Object.assign(window, { androidBridge: {} });
    else Reflect.deleteProperty(window, 'androidBridge');
  },
};

// a real P-256 public key, base64url (from `npx web-push generate-vapid-keys`)
const VAPID_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example.com/send/device-1';

/** A browser with service workers, the Push API and notifications; `permission` as the user left it. */
function pushCapableBrowser(permission: NotificationPermission, existing: boolean = false) {
  const unsubscribe = vi.fn(async () => true);
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'BOr2p256dhKeyOfTheBrowser', auth: 'authSecret16' } }),
    unsubscribe,
  };
  let current: typeof subscription | null = existing ? subscription : null;
  const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => {
    current = subscription;
    return subscription;
  });
  const registration = { pushManager: { getSubscription: vi.fn(async () => current), subscribe } };
  unsubscribe.mockImplementation(async () => {
    current = null;
    return true;
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(registration), getRegistration: async () => registration } });
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission });
  return { subscribe, unsubscribe, requestPermission };
}

function renderCard(config: { vapidPublicKey: string | null } | 'fail' | 'pending', audience: 'worker' | 'admin' = 'worker') {
  const saved: unknown[] = [];
  const removed: unknown[] = [];
  let configCalls = 0;
  mockApi({
    'GET /api/push/config': () => {
      configCalls++;
      if (config === 'fail' && configCalls === 1) return { status: 500, body: { message: 'Something went wrong.', code: 'internal', details: null, hint: null } };
      return { body: config === 'fail' ? { vapidPublicKey: VAPID_KEY } : config };
    },
    'POST /api/push/subscriptions': (init) => {
      saved.push(JSON.parse(String(init?.body)));
      return { status: 201, body: { id: 'd1', channel: 'web', platform: 'web', deviceName: 'Chrome · Linux', createdAt: '2026-11-21T15:00:00.000Z' } };
    },
    'DELETE /api/push/subscriptions': (init) => {
      removed.push(JSON.parse(String(init?.body)));
      // the server answers 204; the stand-in fetch cannot make a 204 with a body
      return { status: 200, body: null };
    },
  });
  if (config === 'pending') vi.stubGlobal('fetch', vi.fn(() => new Promise(() => {})));
  renderPage(<PushNotificationsCard audience={audience} />, { path: '/worker/settings' });
  return { saved, removed };
}

describe('Notifications on this device', () => {
  beforeAll(() => loadRouteMessages('push'));
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    native.value = false;
  });

  it('is hidden when the server has no VAPID key', async () => {
    pushCapableBrowser('default');
    renderCard({ vapidPublicKey: null });
    await waitFor(() => expect(screen.queryByText('Checking this device…')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: 'Notifications on this device' })).not.toBeInTheDocument();
  });

  it('is hidden inside the native app, which registers its own token', async () => {
    native.value = true;
    pushCapableBrowser('default');
    const { saved } = renderCard({ vapidPublicKey: VAPID_KEY });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Notifications on this device' })).not.toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  it('says it is checking while the configuration loads', async () => {
    pushCapableBrowser('default');
    renderCard('pending');
    expect(await screen.findByRole('status')).toHaveTextContent('Checking this device…');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('explains an unsupported browser (no service workers or Push API), with no switch', async () => {
    renderCard({ vapidPublicKey: VAPID_KEY });
    expect(await screen.findByText(/This browser can't receive notifications/)).toBeInTheDocument();
    expect(screen.getByText(/add this site to your Home Screen/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('explains how to allow notifications the user blocked, with no switch', async () => {
    pushCapableBrowser('denied');
    renderCard({ vapidPublicKey: VAPID_KEY }, 'admin');
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.getByText(/set Notifications to Allow, then reload this page/)).toBeInTheDocument();
    expect(screen.getByText(/each new booking and each customer waiting in chat/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('offers a retry when the check fails', async () => {
    pushCapableBrowser('default');
    renderCard('fail');
    expect(await screen.findByText("We couldn't check notifications for this device.")).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Notifications on this device' })).toHaveAttribute('aria-checked', 'false');
  });

  it('turns on: asks permission, subscribes with the server key and saves the subscription; turns off: removes it', async () => {
    const browser = pushCapableBrowser('default');
    const { saved, removed } = renderCard({ vapidPublicKey: VAPID_KEY });
    const toggle = await screen.findByRole('switch', { name: 'Notifications on this device' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('This device is not notified.')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(browser.requestPermission).toHaveBeenCalledOnce();
    const options = browser.subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey as Uint8Array).toString('base64url')).toBe(VAPID_KEY);
    expect(saved).toEqual([{ channel: 'web', endpoint: ENDPOINT, keys: { p256dh: 'BOr2p256dhKeyOfTheBrowser', auth: 'authSecret16' }, locale: 'en' }]);
    expect(screen.getByText('This device will be notified.')).toBeInTheDocument();

    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(removed).toEqual([{ endpoint: ENDPOINT }]);
    expect(browser.unsubscribe).toHaveBeenCalledOnce();
  });

  it('shows on for a browser already subscribed, and sends its subscription again so the server has it', async () => {
    pushCapableBrowser('granted', true);
    const { saved } = renderCard({ vapidPublicKey: VAPID_KEY });
    expect(await screen.findByRole('switch', { name: 'Notifications on this device' })).toHaveAttribute('aria-checked', 'true');
    expect(saved).toEqual([expect.objectContaining({ channel: 'web', endpoint: ENDPOINT })]);
  });

  it('stays off when the user dismisses the permission prompt', async () => {
    const browser = pushCapableBrowser('default');
    browser.requestPermission.mockResolvedValueOnce('default');
    const { saved } = renderCard({ vapidPublicKey: VAPID_KEY });
    const toggle = await screen.findByRole('switch');
    await userEvent.setup().click(toggle);
    await waitFor(() => expect(toggle).not.toBeDisabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(browser.subscribe).not.toHaveBeenCalled();
    expect(saved).toEqual([]);
  });
});
