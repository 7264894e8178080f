/** `POST /api/push/subscriptions` (staff): this device, so the caller's notifications reach it (upsert by endpoint). */
import type { PushDevice, PushSubscriptionRequest } from '@/domain/push-contract';
import { apiFetch } from '@/web/lib/api-client';

export function savePushSubscription(request: PushSubscriptionRequest): Promise<PushDevice> {
  return apiFetch<PushDevice>('/api/push/subscriptions', { method: 'POST', body: request });
}
