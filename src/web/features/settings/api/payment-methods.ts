/** `/api/account/payment-methods`: the caller's saved test-mode cards (list, remove). */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export const paymentMethodsQueryOptions = queryOptions({
  queryKey: ['account', 'payment-methods'],
  queryFn: () => apiFetch<SavedCard[]>('/api/account/payment-methods'),
});

export const usePaymentMethods = () => useQuery(paymentMethodsQueryOptions);

export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<null>(`/api/account/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentMethodsQueryOptions.queryKey }),
  });
}
