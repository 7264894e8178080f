/**
 * Which app this page runs as (spec section 2, "App type detection"): the web app, or the mobile
 * user or worker app. The mobile app type exists only inside the app container (Capacitor's
 * native shell: its bridge object on `window`, the test `Capacitor.isNativePlatform()` makes, see
 * isAppContainer; never a guess from the URL). It is stored in
 * localStorage under `APP_TYPE` as `worker` or `user`, can be set with the query parameter
 * `appType`, and defaults to `user` (to `worker` in a build made for the worker app:
 * VITE_APP_VARIANT=worker, see capacitor.config.ts). Outside the container there is no app type
 * and the web route table applies.
 *
 * End-to-end tests cannot run inside the native shell, so a build made with
 * VITE_APP_CONTEXT_OVERRIDE=true also treats `window.__APP_CONTEXT__ === 'native'` as the
 * container. Without that flag Vite replaces the check by `false` and the minifier drops it:
 * production builds do not contain it (proved by app-type-build.test.ts).
 */
export type AppType = 'worker' | 'user';

/** The localStorage key of the stored app type (spec section 2). */
export const APP_TYPE_KEY = 'APP_TYPE';
/** The query parameter that sets the app type (spec section 2). */
export const APP_TYPE_PARAM = 'appType';

declare global {
  interface Window {
    /** End-to-end tests only, honoured only by builds with VITE_APP_CONTEXT_OVERRIDE=true. */
    __APP_CONTEXT__?: 'native' | 'web';
  }
}

const isAppType = (value: unknown): value is AppType => value === 'worker' || value === 'user';

/** The globals Capacitor's native shells put on `window` before the page's scripts run. */
interface CapacitorWindow {
  CapacitorCustomPlatform?: { name?: string } | null;
  androidBridge?: unknown;
  webkit?: { messageHandlers?: { bridge?: unknown } };
}

/**
 * Whether the page runs inside the app container (Capacitor's native shell): the same test as
 * `Capacitor.isNativePlatform()` in @capacitor/core 7 (a custom platform other than `web`,
 * Android's `androidBridge`, or iOS's `webkit.messageHandlers.bridge`), written out so that
 * every web page's first load does not carry @capacitor/core (issue #16; the native shell's lazy
 * chunk still uses it).
 */
export function isAppContainer(): boolean {
  if (typeof window === 'undefined') return false;
  if (import.meta.env.VITE_APP_CONTEXT_OVERRIDE === 'true' && window.__APP_CONTEXT__ === 'native') return true;
  const win = window as Window & CapacitorWindow;
  if (win.CapacitorCustomPlatform) return win.CapacitorCustomPlatform.name !== 'web';
  return Boolean(win.androidBridge || win.webkit?.messageHandlers?.bridge);
}

/** The app type a build defaults to: `worker` for the worker app's build, otherwise `user`. */
export function buildDefaultAppType(): AppType {
  return import.meta.env.VITE_APP_VARIANT === 'worker' ? 'worker' : 'user';
}

export interface AppTypeInputs {
  /** Inside the app container (see isAppContainer). */
  container: boolean;
  /** The page's query string, e.g. `?appType=worker`. */
  search: string;
  /** Where APP_TYPE is kept (localStorage in the browser); null when storage is unavailable. */
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** The type used when neither the parameter nor storage gives a valid one. */
  fallback?: AppType;
}

/**
 * The app type from the inputs, or null outside the container (the web app). A valid `appType`
 * parameter wins and is stored; otherwise a valid stored value; otherwise the fallback (`user`).
 * Invalid values of either are ignored.
 */
export function resolveAppType({ container, search, storage, fallback = 'user' }: AppTypeInputs): AppType | null {
  if (!container) return null;
  const fromParam = new URLSearchParams(search).get(APP_TYPE_PARAM);
  if (isAppType(fromParam)) {
    try {
      storage?.setItem(APP_TYPE_KEY, fromParam);
    } catch {
      // Storage full or blocked: the parameter still applies to this page.
    }
    return fromParam;
  }
  let stored: string | null = null;
  try {
    stored = storage?.getItem(APP_TYPE_KEY) ?? null;
  } catch {
    stored = null;
  }
  return isAppType(stored) ? stored : fallback;
}

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** This page's app type (null on the web), from the given query string (default: the page's own). */
export function detectAppType(search: string = window.location.search): AppType | null {
  return resolveAppType({ container: isAppContainer(), search, storage: browserStorage(), fallback: buildDefaultAppType() });
}
