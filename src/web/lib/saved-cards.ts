/**
 * The signed-in customer's cards saved at the payment gateway, `GET /api/account/payment-methods`
 * (default first): read by Settings > Payment Methods and offered by the booking flow's Payment
 * step. Only references (brand, last 4, expiry), never card numbers.
 */
import { queryOptions } from '@tanstack/react-query';
import type { SavedPaymentMethodView } from '@/domain/saved-details';
import { apiFetch } from './api-client';


export const savedCardsQueryOptions = queryOptions({
  queryKey: ['account', 'payment-methods'],
  queryFn: () => apiFetch<SavedPaymentMethodView[]>('/api/account/payment-methods'),
});
