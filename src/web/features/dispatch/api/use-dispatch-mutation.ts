/**
 * The admin actions' common ground: each one refreshes the board, the open booking and the
 * workers list when it succeeds, and also when the server refuses it (409: the booking changed
 * meanwhile, details.status says how; 422: a rule broken, so what is on screen may be out of date).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/web/lib/api-client';
import { dispatchKeys } from './keys';

export function useDispatchMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dispatchKeys.all }),
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 422)) void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
    },
  });
}
