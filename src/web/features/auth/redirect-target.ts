/**
 * Where to go after signing in: the `redirect` query parameter when it is a path on this site
 * ("/my-bookings", "/book/painting?step=3"), else "/". Refuses other origins, protocol-relative
 * ("//evil.example") and backslash tricks ("/\\evil.example"), so the page cannot be used as an
 * open redirect.
 */
export function redirectTarget(param: string | null | undefined, origin: string = window.location.origin): string {
  if (!param || !param.startsWith('/') || param.startsWith('//') || param.startsWith('/\\')) return '/';
  try {
    const url = new URL(param, origin);
    if (url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
