/**
 * The message of a failed sign-in or sign-up, announced to screen readers. Shared by the two
 * auth forms so a server error reads the same in both (and in the booking flow's Sign In step).
 */
import { ApiError } from '@/web/lib/api-client';
import type { TFunction } from 'i18next';

export function FormServerError({ message }: { message: string | null }) {
  return (
    <div aria-live="assertive" aria-atomic="true">
      {message ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
          {message}
        </p>
      ) : null}
    </div>
  );
}

/** The text to show for a thrown error: the server's translated message, else a generic one. */
export function serverErrorMessage(error: unknown, t: TFunction): string {
  return error instanceof ApiError && error.message ? error.message : t('errors.generic');
}
