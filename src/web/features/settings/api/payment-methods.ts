/**
 * `/api/account/payment-methods`: the caller's saved cards at the payment gateway (list with the
 * default first, set the default, remove).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import { savedCardsQueryOptions, type SavedCard } from '@/web/lib/saved-cards';

export type { SavedCard };

export const paymentMethodsQueryOptions = savedCardsQueryOptions;

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
