/** `/api/account/addresses`: the caller's saved addresses (list, add, edit, set default, delete). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedAddressChange, SavedAddressRequest, SavedAddressView } from '@/domain/saved-details';
import { apiFetch } from '@/web/lib/api-client';
import { savedAddressesQueryOptions } from '@/web/lib/saved-addresses';

export const useSavedAddresses = () => useQuery(savedAddressesQueryOptions);

/** A new address (no id), or the changes to a saved one (with its id). */
export type AddressSave = (SavedAddressRequest & { id?: undefined }) | (SavedAddressChange & { id: string });

/** Add (no id) or edit (with id) an address; refreshes the list. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: AddressSave) =>
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
