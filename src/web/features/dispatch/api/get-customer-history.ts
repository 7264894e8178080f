/**
 * `GET /api/admin/customers/{id}/history`: one customer's bookings, payments (ledger), chats and
 * notes. Admins only; 404 for an unknown id. Under the dispatch query root, so live booking events
 * and dispatch actions refresh it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerHistory } from '@/domain/customer-history-contract';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export function getCustomerHistory(id: string, signal?: AbortSignal): Promise<CustomerHistory> {
  return apiFetch<CustomerHistory>(`/api/admin/customers/${encodeURIComponent(id)}/history`, { signal });
}

export function customerHistoryQueryOptions(id: string) {
  return queryOptions({ queryKey: [...dispatchKeys.all, 'customer-history', id] as const, queryFn: ({ signal }) => getCustomerHistory(id, signal), staleTime: 10_000 });
}

export function useCustomerHistory(id: string) {
  return useQuery(customerHistoryQueryOptions(id));
}
