/**
 * `/api/account/payment-methods`: the caller's saved cards at the payment gateway (list with the
 * default first, set the default, remove).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import type { SavedPaymentMethodView } from '@/domain/saved-details';
import { savedCardsQueryOptions } from '@/web/lib/saved-cards';

export const usePaymentMethods = () => useQuery(savedCardsQueryOptions);

/** Makes a card the default; the answer is the updated list. */
export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<SavedPaymentMethodView[]>(`/api/account/payment-methods/${encodeURIComponent(id)}/default`, { method: 'PUT' }),
    onSuccess: (list) => queryClient.setQueryData(savedCardsQueryOptions.queryKey, list),
  });
}

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/account/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCardsQueryOptions.queryKey }),
  });
}
