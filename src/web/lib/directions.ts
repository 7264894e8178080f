/**
 * The links that hand a job over to the phone's own apps (issue #15: "`tel:` and maps links
 * opening the native apps", "one-tap call and navigate"): a `tel:` link for the dialer and a
 * turn-by-turn directions link for the maps app of the platform the page runs on.
 *
 * Inside the Capacitor container any link that leaves the app (another scheme, or another host)
 * is handed to the operating system rather than loaded in the WebView: Android's
 * `Bridge.launchIntent` starts an `Intent.ACTION_VIEW` for it, iOS's `WebViewDelegationHandler`
 * calls `UIApplication.shared.open` for any top-level or new-window (`target="_blank"`)
 * navigation (Capacitor 7.6 source; docs/decisions/027-native-shell.md). So the links only have
 * to use a URL the platform's maps app claims; an unclaimed one (`geo:` on iOS, `maps:` on
 * Android) would silently do nothing there, which is why the URL depends on the platform.
 */
import { Capacitor } from '@capacitor/core';

/** Where the page runs: a browser (web or PWA), or the Android or iOS app. */
export type LinkPlatform = 'web' | 'android' | 'ios';

/**
 * Directions by car to an address, as a URL the platform opens in its maps app.
 * - `web`: Google Maps URL `https://www.google.com/maps/dir/?api=1&destination=…&travelmode=driving`
 *   (a new tab on a computer; the Google Maps app, when installed, on a phone's browser).
 * - `android`: the same Google Maps URL with `dir_action=navigate`: Google Maps claims it (app
 *   link) and starts navigation at once; without the app the browser shows the route. Preferred
 *   to `geo:0,0?q=`, which only shows the place (one more tap) and is lost if no app takes it.
 * - `ios`: Apple Maps, present on every iPhone: `maps://?daddr=…&dirflg=d`.
 * Source of the URL formats: developers.google.com/maps/documentation/urls/get-started and
 * Apple's "Map Links" reference.
 *
 * @param addressOneLine the address on one line, e.g. "401 Channelside Dr, Tampa, FL 33602"
 *   (formatAddress in src/web/lib/address.ts); it is URL-encoded here.
 * @throws RangeError when the address is blank (there is nowhere to go).
 */
export function directionsUrl(addressOneLine: string, platform: LinkPlatform): string {
  const address = addressOneLine.trim().replace(/\s+/g, ' ');
  if (address === '') throw new RangeError('directionsUrl needs an address');
  const destination = encodeURIComponent(address);
  switch (platform) {
    case 'ios':
      return `maps://?daddr=${destination}&dirflg=d`;
    case 'android':
      return `https://www.google.com/maps/dir/?api=1&destination=${destination}&travelmode=driving&dir_action=navigate`;
    case 'web':
      return `https://www.google.com/maps/dir/?api=1&destination=${destination}&travelmode=driving`;
  }
}

/**
 * A `tel:` link (RFC 3966) that opens the dialer with the number filled in: "+18135550100" ->
 * "tel:+18135550100". Spaces, dashes, dots and brackets are dropped, so "+1 (813) 555-0100"
 * works too; a leading `+` is kept (E.164 numbers dial from anywhere).
 *
 * @param phoneE164 the number, E.164 preferred (`+` and country code).
 * @throws RangeError when the number has no digits.
 */
export function telUrl(phoneE164: string): string {
  const trimmed = phoneE164.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (digits === '') throw new RangeError('telUrl needs a phone number');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * The platform this page runs on, for directionsUrl: `android` or `ios` inside the Capacitor
 * app (Capacitor.getPlatform()), otherwise `web`. The end-to-end override of app-type.ts makes a
 * browser behave like the app's route table but it stays a browser, so it answers `web` here.
 */
export function currentLinkPlatform(): LinkPlatform {
  const platform = Capacitor.getPlatform();
  return platform === 'android' || platform === 'ios' ? platform : 'web';
}
