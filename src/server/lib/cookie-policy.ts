/**
 * The attributes of the cookies the API sets (the Better Auth session, `chat_guest`, the guest
 * upload owner), decided once from the configuration (issue #15, docs/decisions/025).
 *
 * - The web app only (MOBILE_APP_ORIGINS unset): `SameSite=Lax`, `Secure` in production. The
 *   pages and the API share one site, so Lax sends the cookie on every API call and keeps it off
 *   other sites' requests.
 * - With the mobile apps (MOBILE_APP_ORIGINS=true): `SameSite=None; Secure`. The apps' pages
 *   (`capacitor://localhost`, `https://localhost`) are another site than the API, and a Lax
 *   cookie would not go with the WebView's own cross-site requests (the live-updates stream,
 *   images, downloads). Cross-site writes stay refused by the origin checks (cross-site-guard.ts,
 *   Better Auth's trustedOrigins), which is what Lax added on top of them.
 */
import type { Config } from '../config';

export interface OwnCookieAttributes {
  sameSite: 'Lax' | 'None';
  secure: boolean;
}

/** SameSite and Secure for a cookie the API sets (Hono's setCookie spelling). */
export function ownCookieAttributes(config: Pick<Config, 'nodeEnv' | 'mobileAppOrigins'>): OwnCookieAttributes {
  return config.mobileAppOrigins ? { sameSite: 'None', secure: true } : { sameSite: 'Lax', secure: config.nodeEnv === 'production' };
}
