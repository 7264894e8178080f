/**
 * `/api/account/payment-methods`: the caller's saved cards at the payment gateway (list with the
 * default first, set the default, remove).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The card offered first; exactly one card is the default when there are any. */
  is_default: boolean;
}

export const paymentMethodsQueryOptions = queryOptions({
  queryKey: ['account', 'payment-methods'],
  queryFn: () => apiFetch<SavedCard[]>('/api/account/payment-methods'),
});

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions);

/** Makes a card the default; the answer is the updated list. */
export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<SavedCard[]>(`/api/account/payment-methods/${encodeURIComponent(id)}/default`, { method: 'PUT' }),
    onSuccess: (list) => queryClient.setQueryData(paymentMethodsQueryOptions.queryKey, list),
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/account/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions.queryKey }),
  });
}
