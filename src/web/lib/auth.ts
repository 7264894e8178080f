/**
 * The signed-in user as the browser knows it: `GET /api/me` (user, profile, role, session clock)
 * through TanStack Query, and the Better Auth email + password calls (`/api/auth/*`). Signing
 * in, up or out refreshes `me`; signing out clears the session, user and profile from the cache
 * (spec section 4). While signed in, `me` is re-checked every 30 seconds and the session is
 * refreshed before it expires (times compared in Unix seconds, spec section 9).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@/domain/account';
import type { Role } from '@/domain/roles';
import { apiFetch } from './api-client';

export const SIGNED_OUT_ME: Me = { user: null, profile: null, role: null, session: null };

/** How often the session is re-checked while signed in (issue 5: every 30 seconds). */
export const SESSION_RECHECK_MS = 30_000;

/** Unix seconds now (the spec compares token expiry in seconds). */
export const nowInSeconds = (nowMs: number = Date.now()) => Math.floor(nowMs / 1000);

/** Whether the session should be renewed now: signed in, not yet expired, and past refresh_at. */
export function sessionRefreshDue(session: Me['session'], nowSeconds: number): boolean {
  return Boolean(session && nowSeconds >= session.refresh_at && nowSeconds < session.expires_at);
}

/**
 * Reads `me`; when the session's refresh is due, renews it with Better Auth's
 * `GET /api/auth/get-session` (new expiry and cookie) and reads `me` again. An expired or
 * invalid session comes back as signed out, so the app shows signed out, never an error.
 */
export async function fetchMe(): Promise<Me> {
  const me = await apiFetch<Me>('/api/me');
  if (!sessionRefreshDue(me.session, nowInSeconds())) return me;
  await apiFetch('/api/auth/get-session');
  return apiFetch<Me>('/api/me');
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: fetchMe,
  // An ended or expired session comes back as user null: the app then shows signed out, no error.
  refetchInterval: (query) => (query.state.data?.user ? SESSION_RECHECK_MS : false),
});

/** The current user; `data.user` is null when signed out, `isPending` while loading. */
export function useMe() {
  return useQuery(meQueryOptions);
}

export async function signIn(queryClient: QueryClient, input: { email: string; password: string }): Promise<void> {
  await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: input });
  await queryClient.invalidateQueries({ queryKey: ['me'] });
}

/** Signs up; the full name falls back to the email when empty (spec section 5). */
export async function signUp(
  queryClient: QueryClient,
  input: { email: string; password: string; fullName: string; termsAccepted: boolean },
): Promise<void> {
  await apiFetch('/api/auth/sign-up/email', {
    method: 'POST',
    body: { email: input.email, password: input.password, name: input.fullName.trim() || input.email, termsAccepted: input.termsAccepted },
  });
  await queryClient.invalidateQueries({ queryKey: ['me'] });
}

export async function signOut(queryClient: QueryClient): Promise<void> {
  await apiFetch('/api/auth/sign-out', { method: 'POST', body: {} });
  queryClient.removeQueries();
  queryClient.setQueryData<Me>(['me'], SIGNED_OUT_ME);
}

/** The staff roles the admin side accepts (spec section 6). */
export const isStaffRole = (role: Role | null | undefined): role is 'admin' | 'worker' => role === 'admin' || role === 'worker';

export class AccessDeniedError extends Error {
  constructor() {
    super('access_denied');
    this.name = 'AccessDeniedError';
  }
}

/**
 * The admin login (spec sections 4 and 6): signs in, reads the role from `me` (user_roles
 * first, strongest role), and signs anyone who is not admin or worker out at once.
 * @returns the staff role. @throws AccessDeniedError for other roles; ApiError from sign-in.
 */
export async function signInAsStaff(queryClient: QueryClient, input: { email: string; password: string }): Promise<'admin' | 'worker'> {
  await apiFetch('/api/auth/sign-in/email', { method: 'POST', body: input });
  const me = await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
  if (isStaffRole(me.role)) return me.role;
  await signOut(queryClient).catch(() => {
    // the cookie may already be gone; the cache is cleared either way below
    queryClient.setQueryData<Me>(['me'], SIGNED_OUT_ME);
  });
  throw new AccessDeniedError();
}

/** Asks for a password-reset email; the server answers the same whether the email exists or not. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch('/api/auth/request-password-reset', { method: 'POST', body: { email } });
}

/** Sets a new password with the emailed token (single use, 1 hour). @throws ApiError invalid_token */
export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await apiFetch('/api/auth/reset-password', { method: 'POST', body: input });
}
