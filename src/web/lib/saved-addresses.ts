/**
 * The signed-in customer's saved addresses, `GET /api/account/addresses` (default first): read
 * by Settings > Saved Addresses and offered by the booking flow's Address & Schedule step.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SavedAddressView } from '@/domain/saved-details';
import { apiFetch } from './api-client';


export const savedAddressesQueryOptions = queryOptions({
  queryKey: ['account', 'addresses'],
  queryFn: () => apiFetch<SavedAddressView[]>('/api/account/addresses'),
});
