/**
 * Capacitor: the customer app and the worker app from the same web build (spec section 2;
 * issue #15). Following Capacitor's environment-specific configuration guide, the environment
 * variable APP_VARIANT (user | worker, default user) picks the app id, the name, the web assets
 * folder (built by `npm run build:app:<variant>`, which bakes VITE_APP_VARIANT so the worker app
 * defaults to APP_TYPE=worker) and the native project folders, so each app keeps its own
 * Android and iOS project: native/<variant>/android and native/<variant>/ios. See README
 * "Mobile apps".
 */
import type { CapacitorConfig } from '@capacitor/cli';
import { KeyboardResize } from '@capacitor/keyboard';

export type AppVariant = 'user' | 'worker';

/** The two apps: store identity per variant. */
export const APP_VARIANTS: Record<AppVariant, { appId: string; appName: string }> = {
  user: { appId: 'com.tampahandyman.app', appName: 'Tampa Handyman' },
  worker: { appId: 'com.tampahandyman.pro', appName: 'Tampa Handyman Pro' },
};

/** The variant named by APP_VARIANT; anything else is refused rather than silently built as the customer app. */
export function appVariantOf(value: string | undefined): AppVariant {
  if (value === undefined || value === '' || value === 'user') return 'user';
  if (value === 'worker') return 'worker';
  throw new Error(`APP_VARIANT must be user or worker, not "${value}"`);
}

/** The Capacitor configuration of one variant. */
export function capacitorConfigFor(variant: AppVariant): CapacitorConfig {
  return {
    ...APP_VARIANTS[variant],
    webDir: `dist-app/${variant}`,
    // Android 15 draws apps edge to edge: keep the page below the status bar and above the
    // navigation bar (the bars show the white window behind them; native/<variant>/android styles.xml).
    android: { path: `native/${variant}/android`, adjustMarginsForEdgeToEdge: 'auto' },
    ios: { path: `native/${variant}/ios` },
    // The assets are served from https://localhost (Android) and capacitor://localhost (iOS);
    // the server must trust those origins (README "Mobile apps", MOBILE_APP_ORIGINS).
    server: { androidScheme: 'https' },
    plugins: {
      // The API is on another origin (API_BASE_URL at build): fetch/XHR go through the native HTTP
      // stack and its cookie store, out of reach of the WebViews' third-party cookie blocking
      // (docs/decisions/025-mobile-apps-reach-the-api.md). EventSource is not covered (native
      // HTTP cannot stream): the live stream relies on the SameSite=None cookie and CORS.
      CapacitorHttp: { enabled: true },
      CapacitorCookies: { enabled: true },
      // The native shell (src/web/lib/native/native-shell.tsx, docs/decisions/027-native-shell.md)
      // hides the splash once the first screen is rendered (at most 5 s), not on a timer.
      SplashScreen: { launchAutoHide: false, backgroundColor: '#ffffff', showSpinner: false, launchFadeOutDuration: 200 },
      // Dark icons on white, like the app's header (Android; iOS follows setStyle at start).
      StatusBar: { overlaysWebView: false, style: 'LIGHT', backgroundColor: '#ffffff' },
      // iOS shrinks the WebView above the keyboard; Android resizes it through the activity's
      // adjustResize, and resizeOnFullScreen keeps that working when drawn edge to edge. The shell
      // then scrolls the focused field into view.
      Keyboard: { resize: KeyboardResize.Native, resizeOnFullScreen: true },
      // A notification that arrives while the app is open is still shown, with sound (and the
      // icon badge on iOS), not only handed to the page.
      PushNotifications: { presentationOptions: ['badge', 'sound', 'alert'] },
    },
  };
}

const config: CapacitorConfig = capacitorConfigFor(appVariantOf(process.env.APP_VARIANT));

export default config;
