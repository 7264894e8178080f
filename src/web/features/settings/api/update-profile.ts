/** `PATCH /api/me/profile`: the caller's full name and phone; refreshes `me` afterwards. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import type { Me } from '@/web/lib/auth';

export interface ProfileUpdate {
  full_name?: string;
  /** A US number in any common format; '' clears it. */
  phone?: string;
}

export const updateProfile = (input: ProfileUpdate) => apiFetch<NonNullable<Me['profile']>>('/api/me/profile', { method: 'PATCH', body: input });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
