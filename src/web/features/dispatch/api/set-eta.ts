/** `POST /api/admin/bookings/:id/eta` with `{ etaAt }`: sets or changes the expected arrival; answers the DispatchBooking. */
import { apiFetch } from '@/web/lib/api-client';
import type { DispatchBooking } from '../types';
import { useDispatchMutation } from './use-dispatch-mutation';

export interface SetEtaInput {
  bookingId: string;
  /** An ISO instant. */
  etaAt: string;
}

export function setEta({ bookingId, etaAt }: SetEtaInput): Promise<DispatchBooking> {
  return apiFetch<DispatchBooking>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/eta`, { method: 'POST', body: { etaAt } });
}

export function useSetEta() {
  return useDispatchMutation(setEta);
}
