/**
 * `POST /api/payments/test-mode/payment-methods`: tokenizes a test card with the simulated
 * gateway (test mode only, signed in). The answer is a card reference; the number and security
 * code go no further than this request. A 400 carries details.number / expiry / cvc.
 */
import { useMutation } from '@tanstack/react-query';
import type { TestCardRequest, TestPaymentMethod } from '@/domain/payments-contract';
import { apiFetch } from '@/web/lib/api-client';

export function createTestPaymentMethod(card: TestCardRequest): Promise<TestPaymentMethod> {
  return apiFetch<TestPaymentMethod>('/api/payments/test-mode/payment-methods', { method: 'POST', body: card });
}

export function useCreateTestPaymentMethod() {
  return useMutation({ mutationFn: createTestPaymentMethod });
}
