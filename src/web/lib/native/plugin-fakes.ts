/**
 * Tests only: stand-ins for the Capacitor plugins at their module boundary (there is no native
 * runtime under Vitest). Each records its calls and lets a test fire the events the native side
 * would send (`fire('backButton', { canGoBack: true })`). Used with vi.mock in the native tests.
 */
import { vi } from 'vitest';

type Listener = (event: never) => void;

/** Event listeners of every faked plugin, by event name. */
const listeners = new Map<string, Set<Listener>>();

function addListener(eventName: string, listener: Listener) {
  const set = listeners.get(eventName) ?? new Set();
  set.add(listener);
  listeners.set(eventName, set);
  return Promise.resolve({ remove: async () => void set.delete(listener) });
}

/** Sends an event as the native side would, to every listener of that name. */
export function fire(eventName: string, event: unknown): void {
  for (const listener of listeners.get(eventName) ?? []) (listener as (event: unknown) => void)(event);
}

/** How many listeners an event has (to check they are removed). */
export const listenerCount = (eventName: string) => listeners.get(eventName)?.size ?? 0;

export const fakeApp = { addListener: vi.fn(addListener), minimizeApp: vi.fn(async () => {}), exitApp: vi.fn(async () => {}) };
export const fakeKeyboard = { addListener: vi.fn(addListener) };
export const fakeSplashScreen = { hide: vi.fn(async (_options?: unknown) => {}), show: vi.fn(async () => {}) };
export const fakeStatusBar = { setStyle: vi.fn(async (_options: unknown) => {}), setBackgroundColor: vi.fn(async (_options: unknown) => {}) };
export const fakePush = {
  addListener: vi.fn(addListener),
  checkPermissions: vi.fn(async () => ({ receive: 'prompt' as string })),
  requestPermissions: vi.fn(async () => ({ receive: 'granted' as string })),
  /** By default the device gets the token `fcm-token-0123456789` right after register(). */
  register: vi.fn(async () => {
    queueMicrotask(() => fire('registration', { value: 'fcm-token-0123456789' }));
  }),
};

/** Forgets every listener and call, and restores the default answers. */
export function resetPluginFakes(): void {
  listeners.clear();
  for (const fake of [fakeApp, fakeKeyboard, fakeSplashScreen, fakeStatusBar, fakePush]) for (const fn of Object.values(fake)) fn.mockClear();
  fakePush.checkPermissions.mockImplementation(async () => ({ receive: 'prompt' }));
  fakePush.requestPermissions.mockImplementation(async () => ({ receive: 'granted' }));
  fakePush.register.mockImplementation(async () => {
    queueMicrotask(() => fire('registration', { value: 'fcm-token-0123456789' }));
  });
}
