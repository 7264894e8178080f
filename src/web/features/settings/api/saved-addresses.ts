/** `/api/account/addresses`: the caller's saved addresses (list, add, edit, set default, delete). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/web/lib/api-client';
import type { SavedAddressView } from '@/domain/saved-details';
import { savedAddressesQueryOptions } from '@/web/lib/saved-addresses';


export interface AddressInput {
  street: string;
  unit?: string;
  city: string;
  state: string;
  zip: string;
  is_default?: boolean;
}


export const useSavedAddresses = () => useQuery(savedAddressesQueryOptions);

/** Add (no id) or edit (with id) an address; refreshes the list. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: Partial<AddressInput> & { id?: string }) =>
      id
        ? apiFetch<SavedAddressView>(`/api/account/addresses/${encodeURIComponent(id)}`, { method: 'PATCH', body: input })
        : apiFetch<SavedAddressView>('/api/account/addresses', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedAddressesQueryOptions.queryKey }),
  });
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<SavedAddressView[]>(`/api/account/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: (list) => queryClient.setQueryData(savedAddressesQueryOptions.queryKey, list),
  });
}
