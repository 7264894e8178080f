/**
 * Idempotency keys for requests that move money or change a booking (`POST /api/bookings`,
 * `/cancel`): the browser makes one per attempt and sends it again on a retry, so the server
 * does the work at most once.
 */

/**
 * A fresh Idempotency-Key (a UUID). randomUUID exists only in secure contexts (https,
 * localhost); elsewhere (a phone testing a dev server over the LAN) the same 122 random bits
 * come from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const hex = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16], 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
