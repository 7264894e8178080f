/** `DELETE /api/push/subscriptions` (staff): stop notifying this device (by its endpoint); a device the server no longer has is already off. */
import type { PushUnsubscribeRequest } from '@/domain/push-contract';
import { ApiError, apiFetch } from '@/web/lib/api-client';

export async function deletePushSubscription(request: PushUnsubscribeRequest): Promise<void> {
  try {
    await apiFetch<null>('/api/push/subscriptions', { method: 'DELETE', body: request });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
}
