/**
 * The `chat_guest` cookie (issue #13): how a signed-out visitor reaches the one conversation they
 * started with `POST /api/chats/guest`. It holds a random token; only its SHA-256 is stored
 * (conversations.guest_token_hash), so a database read does not hand out working cookies.
 * HttpOnly, SameSite=Lax, Secure in production (SameSite=None; Secure with MOBILE_APP_ORIGINS=true,
 * ./cookie-policy.ts), scoped to /api, 30 days. Lives in lib/ because
 * the access guard (openapi.ts `chat_participant`) and the live stream read it too.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { ownCookieAttributes } from './cookie-policy';
import { hashToken, newAnonymousToken } from '../modules/uploads/uploads.service';
import type { AppEnv } from './app-env';

export const CHAT_GUEST_COOKIE = 'chat_guest';
/** How long a guest keeps their conversation without signing in, seconds (30 days). */
export const CHAT_GUEST_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The SHA-256 (hex) of the request's `chat_guest` token, or null without the cookie. */
export function chatGuestTokenHash(c: Context<AppEnv>): string | null {
  const token = getCookie(c, CHAT_GUEST_COOKIE);
  return token ? hashToken(token) : null;
}

/**
 * Issues a new `chat_guest` token as the response's cookie.
 * @returns the token's SHA-256 (hex), to store on the conversation
 */
export function issueChatGuestCookie(c: Context<AppEnv>): string {
  const token = newAnonymousToken();
  setCookie(c, CHAT_GUEST_COOKIE, token, {
    httpOnly: true,
    ...ownCookieAttributes(c.var.deps.config),
    path: '/api',
    maxAge: CHAT_GUEST_COOKIE_MAX_AGE_SECONDS,
  });
  return hashToken(token);
}

/** Tells the browser to forget its `chat_guest` cookie (after the conversation joined an account). */
export function clearChatGuestCookie(c: Context<AppEnv>): void {
  deleteCookie(c, CHAT_GUEST_COOKIE, { path: '/api', ...ownCookieAttributes(c.var.deps.config) });
}
