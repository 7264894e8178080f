/**
 * Every request's id (issue #11: errors are recorded "with the request id"): the `X-Request-Id`
 * a trusted proxy sent (TRUST_PROXY, 8-128 characters of letters, digits, `.`, `_`, `-`), or a
 * new UUID. It is answered in the `X-Request-Id` header, written on the request's log line and in
 * the context of an error it causes, so a support question ("it failed at 10:05") finds both.
 */
import { randomUUID } from 'node:crypto';

const ACCEPTED = /^[A-Za-z0-9._-]{8,128}$/;

/** The id for a request. @param incoming the X-Request-Id header; used only from a trusted proxy */
export function requestIdFor(incoming: string | undefined, trustProxy: boolean): string {
  return trustProxy && incoming && ACCEPTED.test(incoming) ? incoming : randomUUID();
}
