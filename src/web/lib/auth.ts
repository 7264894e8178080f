/**
 * The signed-in user as the browser knows it: `GET /api/me` (user, profile, role) through
 * TanStack Query, and the Better Auth email + password calls (`/api/auth/*`). Signing in,
 * up or out refreshes `me`; signing out clears the session, user and profile from the cache
 * (spec section 4).
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export type Role = 'admin' | 'worker' | 'user';

export interface Me {
  user: { id: string; email: string; name: string } | null;
  profile: { id: string; full_name: string; terms_accepted: boolean; phone: string | null } | null;
  role: Role | null;
}

export const meQueryOptions = queryOptions({
  queryKey: ['me'],
  queryFn: () => apiFetch<Me>('/api/me'),
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
  queryClient.setQueryData<Me>(['me'], { user: null, profile: null, role: null });
}
