/**
 * The signed-in customer's saved addresses, `GET /api/account/addresses` (default first): read
 * by Settings > Saved Addresses and offered by the booking flow's Address & Schedule step.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export interface SavedAddress {
  id: string;
  street: string;
  unit: string | null;
  city: string;
  state: string;
  zip: string;
  is_default: boolean;
}

export const savedAddressesQueryOptions = queryOptions({
  queryKey: ['account', 'addresses'],
  queryFn: () => apiFetch<SavedAddress[]>('/api/account/addresses'),
});
