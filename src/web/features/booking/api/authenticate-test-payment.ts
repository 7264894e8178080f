/**
 * `POST /api/payments/test-mode/authenticate` with `{ clientSecret }`: completes the simulated
 * gateway's stand-in for 3-D Secure (test mode only, signed in), after `POST /api/bookings`
 * answered `402 authentication_required`. The booking is then retried with the same key.
 */
import type { TestAuthenticateRequest } from '@/domain/payments-contract';
import { apiFetch } from '@/web/lib/api-client';

export function authenticateTestPayment(clientSecret: string): Promise<unknown> {
  const body: TestAuthenticateRequest = { clientSecret };
  return apiFetch('/api/payments/test-mode/authenticate', { method: 'POST', body });
}
