/** `POST /api/admin/bookings/:id/eta` with `{ etaAt }`: sets or changes the expected arrival; answers the DispatchBooking. */
import type { DispatchBooking, SetEtaRequest } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { useDispatchMutation } from './use-dispatch-mutation';

/** The booking and the expected arrival, an ISO instant. */
export type SetEtaInput = SetEtaRequest & { bookingId: string };

export function setEta({ bookingId, ...body }: SetEtaInput): Promise<DispatchBooking> {
  return apiFetch<DispatchBooking>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/eta`, { method: 'POST', body: body satisfies SetEtaRequest });
}

export function useSetEta() {
  return useDispatchMutation(setEta);
}
