/** TanStack Query defaults of spec section 9: stale 5 min, garbage-collect 10 min, retry once, no refetch on focus. */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 5 * 60_000, gcTime: 10 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
