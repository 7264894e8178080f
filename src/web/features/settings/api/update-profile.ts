/**
 * `PATCH /api/me/profile`: the caller's full name and phone; refreshes `me` afterwards.
 * `POST /api/auth/change-email`: mails a confirmation link to the new address (password accounts
 * only); the email changes when the link is opened, which lands on /settings?email=changed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdateRequest } from '@/domain/account';
import { apiFetch } from '@/web/lib/api-client';

export const updateProfile = (input: ProfileUpdateRequest) => apiFetch<Profile>('/api/me/profile', { method: 'PATCH', body: input });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

export const requestEmailChange = (newEmail: string) =>
  apiFetch('/api/auth/change-email', { method: 'POST', body: { newEmail, callbackURL: `${window.location.origin}/settings?email=changed` } });
