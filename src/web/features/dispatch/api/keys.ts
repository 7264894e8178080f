/**
 * Query keys of the dispatch feature, all under ['dispatch'] so a live booking event (see
 * lib/live-updates.ts) and every admin action refresh the board, the open booking and the
 * workers list together.
 */
import type { DispatchView } from '@/domain/dispatch-contract';
import { LIVE_QUERY_ROOTS } from '@/web/lib/live-updates';

export const dispatchKeys = {
  all: LIVE_QUERY_ROOTS.dispatch,
  lists: () => [...LIVE_QUERY_ROOTS.dispatch, 'bookings'] as const,
  list: (view: DispatchView, q: string) => [...LIVE_QUERY_ROOTS.dispatch, 'bookings', view, q] as const,
  detail: (id: string) => [...LIVE_QUERY_ROOTS.dispatch, 'booking', id] as const,
  workers: () => [...LIVE_QUERY_ROOTS.dispatch, 'workers'] as const,
};
