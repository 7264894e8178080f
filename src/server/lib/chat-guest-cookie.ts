/**
 * The `chat_guest` cookie (issue #13): how a signed-out visitor reaches the one conversation they
 * started with `POST /api/chats/guest`. It holds a random token; only its SHA-256 is stored
 * (conversations.guest_token_hash), so a database read does not hand out working cookies.
 * HttpOnly, SameSite=Lax, Secure in production, scoped to /api, 30 days. Lives in lib/ because
 * the access guard (openapi.ts `chat_participant`) and the live stream read it too.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
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
    sameSite: 'Lax',
    secure: c.var.deps.config.nodeEnv === 'production',
    path: '/api',
    maxAge: CHAT_GUEST_COOKIE_MAX_AGE_SECONDS,
  });
  return hashToken(token);
}

/** Tells the browser to forget its `chat_guest` cookie (after the conversation joined an account). */
export function clearChatGuestCookie(c: Context<AppEnv>): void {
  deleteCookie(c, CHAT_GUEST_COOKIE, { path: '/api', secure: c.var.deps.config.nodeEnv === 'production' });
}
