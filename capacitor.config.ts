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
    android: { path: `native/${variant}/android` },
    ios: { path: `native/${variant}/ios` },
    // The assets are served from https://localhost (Android) and capacitor://localhost (iOS);
    // the server must trust those origins (README "Mobile apps", MOBILE_APP_ORIGINS).
    server: { androidScheme: 'https' },
  };
}

const config: CapacitorConfig = capacitorConfigFor(appVariantOf(process.env.APP_VARIANT));

export default config;
