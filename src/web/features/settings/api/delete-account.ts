/** `DELETE /api/account` { confirm: "DELETE" }: deletes the caller's account (refused while bookings are open). */
import type { z } from 'zod';
import type { accountDeletedSchema, DeleteAccountRequest } from '@/domain/account';
import { apiFetch } from '@/web/lib/api-client';

export const deleteAccount = (confirmation: DeleteAccountRequest) => apiFetch<z.infer<typeof accountDeletedSchema>>('/api/account', { method: 'DELETE', body: confirmation });
