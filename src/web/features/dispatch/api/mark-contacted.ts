/**
 * `POST /api/admin/bookings/:id/contacted`: records the first contact with the customer (the
 * 5-10 minute promise); answers the DispatchBooking. The board shows the answer at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { apiFetch } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export function markContacted(bookingId: string): Promise<DispatchBooking> {
  return apiFetch<DispatchBooking>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/contacted`, { method: 'POST', body: {} });
}

export function useMarkContacted() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markContacted,
    onSuccess: (updated) => {
      queryClient.setQueriesData<DispatchBooking[]>({ queryKey: dispatchKeys.lists() }, (list) =>
        list?.map((booking) => (booking.id === updated.id ? { ...booking, ...updated } : booking)),
      );
      return queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
    },
  });
}
