/**
 * The Capacitor apps' native shell (issue #15, "Native niceties through Capacitor plugins";
 * docs/decisions/027-native-shell.md). main.tsx loads this chunk only inside the app container
 * (lib/app-type.ts isAppContainer), so the web app never downloads the plugins.
 *
 * - Status bar: dark icons on white, like the app's white header (styles.css, header.tsx).
 * - Splash screen: kept up by the native side (SplashScreen launchAutoHide false) until the
 *   router has rendered the first screen, then faded out; never longer than SPLASH_MAX_MS.
 * - Android back button: lib/native/back-button.ts (dialogs, booking steps, history, leave).
 * - Keyboard: the focused field is scrolled into view when the keyboard is up (keyboard.ts).
 * - Push (builds with VITE_NATIVE_PUSH=true): signed-in workers and admins register the device,
 *   and a tapped notification opens its page (native-push.ts).
 * `tel:` and maps links need nothing here: Capacitor hands any URL outside the app to the
 * system (lib/directions.ts explains, and gives the platform's maps URL).
 */
import { App } from '@capacitor/app';
import { Capacitor, type PluginListenerHandle } from '@capacitor/core';
import { Keyboard } from '@capacitor/keyboard';
import { SplashScreen } from '@capacitor/splash-screen';
import { StatusBar, Style } from '@capacitor/status-bar';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../auth';
import { logClientError } from '../error-logging';
import { respondToBackButton } from './back-button';
import { revealFocusedField } from './keyboard';
import { nativePushEnabled, openTappedNotifications, registerDeviceForPush } from './native-push';

/** The header's background (bg-white in header.tsx): the status bar matches it. */
export const STATUS_BAR_COLOR = '#ffffff';
/** The longest the splash screen stays up if the first screen never finishes (a failed lazy load). */
export const SPLASH_MAX_MS = 5000;

/** The parts of the app's data router the shell uses (createBrowserRouter in app/router.tsx). */
export interface ShellRouter {
  state: { initialized: boolean };
  subscribe: (listener: (state: { initialized: boolean }) => void) => () => void;
  navigate: {
    (delta: number): Promise<void> | void;
    (path: string): Promise<void> | void;
  };
}

/** Runs when the router has rendered its first screen (or after SPLASH_MAX_MS), then on the next frame. */
function whenFirstScreenShown(router: ShellRouter, then: () => void): () => void {
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    unsubscribe();
    clearTimeout(timer);
    requestAnimationFrame(() => then());
  };
  const unsubscribe = router.subscribe((state) => {
    if (state.initialized) finish();
  });
  const timer = setTimeout(finish, SPLASH_MAX_MS);
  if (router.state.initialized) finish();
  return () => {
    done = true;
    unsubscribe();
    clearTimeout(timer);
  };
}

const quietly = (promise: Promise<unknown>) => void promise.catch(() => {
  // A plugin method missing on this platform (the status bar colour on iOS; every plugin in the
  // browser that end-to-end tests run the app's route tables in) is not an error.
});

/** A listener's handle, or null where the plugin is missing (its addListener rejects there). */
const listening = (handle: Promise<PluginListenerHandle>) => handle.catch(() => null);

/**
 * Starts everything that does not depend on who is signed in.
 * @returns a function that removes the listeners (tests; the app keeps them for its lifetime)
 */
export function startNativeShell(router: ShellRouter): () => void {
  const android = Capacitor.getPlatform() === 'android';
  quietly(StatusBar.setStyle({ style: Style.Light }));
  if (android) quietly(StatusBar.setBackgroundColor({ color: STATUS_BAR_COLOR }));

  const stopSplash = whenFirstScreenShown(router, () => quietly(SplashScreen.hide({ fadeOutDuration: 200 })));

  const listeners = [
    listening(
      App.addListener('backButton', ({ canGoBack }) => {
        respondToBackButton(canGoBack, {
          historyBack: () => void router.navigate(-1),
          leaveApp: () => quietly(App.minimizeApp()),
        });
      }),
    ),
    listening(
      Keyboard.addListener('keyboardDidShow', () => {
        revealFocusedField();
      }),
    ),
  ];
  const stopTaps = nativePushEnabled() ? openTappedNotifications((path) => void router.navigate(path)) : () => {};

  return () => {
    stopSplash();
    stopTaps();
    for (const listener of listeners) void listener.then((handle) => handle?.remove());
  };
}

/**
 * Registers a signed-in worker's or admin's device for push (again when the language changes, so
 * notifications follow it). Failures go to the error log; the app works on without push.
 */
function usePushRegistration() {
  const me = useMe();
  const { i18n } = useTranslation();
  const role = me.data?.role;
  const userId = me.data?.user?.id;
  const locale = i18n.language === 'es' ? 'es' : 'en';
  useEffect(() => {
    const platform = Capacitor.getPlatform();
    if (!nativePushEnabled() || !userId || (platform !== 'android' && platform !== 'ios')) return;
    registerDeviceForPush({ role, platform, locale }).catch((error: unknown) => void logClientError(error, { kind: 'caught', context: { area: 'native-push', platform } }));
  }, [role, userId, locale]);
}

/** Mounted once by main.tsx inside the app container (lazy chunk); renders nothing. */
export default function NativeShell({ router }: { router: ShellRouter }) {
  useEffect(() => startNativeShell(router), [router]);
  usePushRegistration();
  return null;
}
