/**
 * The signed-in customer's cards saved at the payment gateway, `GET /api/account/payment-methods`
 * (default first): read by Settings > Payment Methods and offered by the booking flow's Payment
 * step. Only references (brand, last 4, expiry), never card numbers.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from './api-client';

export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** The card offered first; exactly one card is the default when there are any. */
  is_default: boolean;
}

export const savedCardsQueryOptions = queryOptions({
  queryKey: ['account', 'payment-methods'],
  queryFn: () => apiFetch<SavedCard[]>('/api/account/payment-methods'),
});
