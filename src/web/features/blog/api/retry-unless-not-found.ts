import { ApiError } from '@/web/lib/api-client';

/** Retry once (the app's default), but never a 404: a post or page that does not exist will not appear. */
export function retryUnlessNotFound(failures: number, error: unknown): boolean {
  return !(error instanceof ApiError && error.status === 404) && failures < 1;
}
