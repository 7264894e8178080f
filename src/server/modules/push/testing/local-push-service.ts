/**
 * Tests only (issue #15): a stand-in for a browser's push service and the browser's side of Web
 * Push, so a test can see what our server really sends. It listens on 127.0.0.1 (a free port),
 * records every POST to /push/{id} with its headers and body, and answers 201 (or a status the
 * test chooses). `pushKeys()` makes a subscription's keys the way a browser does (a P-256 key
 * pair and 16 random auth bytes), `decryptPush` opens an aes128gcm message with them (RFC 8291,
 * via http_ece), and `verifyVapid` checks the `Authorization: vapid t=<JWT>, k=<key>` header
 * (RFC 8292): ES256 signature by that key, `aud` the endpoint's origin, not expired.
 * Used by push-sender.test.ts and tests/e2e/web-push.spec.ts.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface ReceivedPush {
  /** The path's id (`/push/{id}`). */
  id: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface LocalPushService {
  origin: string;
  /** The endpoint URL of subscription `id`. */
  endpoint(id: string): string;
  received: ReceivedPush[];
  /** The next status to answer for `id` (default 201). */
  answer(id: string, status: number): void;
  /** Resolves with the first message for `id` (already received or arriving within `timeoutMs`). */
  waitFor(id: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startLocalPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const waiters: { id: string; resolve: (push: ReceivedPush) => void }[] = [];
  const server = http.createServer((req, res) => {
    const match = /^\/push\/([\w-]+)$/.exec(req.url ?? '');
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !match) {
        res.writeHead(404).end();
        return;
      }
      const push = { id: match[1]!, headers: req.headers, body: Buffer.concat(chunks) };
      received.push(push);
      for (const waiter of waiters.filter((w) => w.id === push.id)) waiter.resolve(push);
      res.writeHead(statuses.get(push.id) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    endpoint: (id) => `${origin}/push/${id}`,
    received,
    answer: (id, status) => statuses.set(id, status),
    waitFor(id, timeoutMs = 15_000) {
      const already = received.find((p) => p.id === id);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no push for ${id} within ${timeoutMs} ms`)), timeoutMs);
        waiters.push({ id, resolve: (push) => (clearTimeout(timer), resolve(push)) });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A subscription's keys as a browser makes them: `keys` for the API, `ecdh` and `auth` to decrypt. */
export function pushKeys(): { ecdh: ECDH; auth: Buffer; keys: { p256dh: string; auth: string } } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** The plaintext of an aes128gcm Web Push message (throws when it was not encrypted for these keys). */
export function decryptPush(body: Buffer, keys: { ecdh: ECDH; auth: Buffer }): string {
  return ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth.toString('base64url') }).toString('utf8');
}

/**
 * Checks a Web Push `Authorization` header (RFC 8292): `vapid t=<JWT>, k=<public key>`, the JWT
 * signed with ES256 by that key, for `audience` (the push endpoint's origin), not expired at `now`.
 * @returns the JWT's claims and the public key (base64url)
 * @throws Error naming what is wrong
 */
export function verifyVapid(authorization: string | undefined, audience: string, now = new Date()): { claims: { aud: string; exp: number; sub: string }; publicKey: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`not a vapid Authorization header: ${authorization}`);
  const [, jwt, publicKey] = match as unknown as [string, string, string];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('the JWT is not ES256');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') }, format: 'jwk' });
  const valid = verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!valid) throw new Error('the JWT signature does not verify with k');
  const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (decoded.aud !== audience) throw new Error(`aud ${decoded.aud}, expected ${audience}`);
  if (decoded.exp * 1000 <= now.getTime()) throw new Error('the JWT has expired');
  return { claims: decoded, publicKey };
}
