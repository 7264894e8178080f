/**
 * A refused request, in an alert: the server's translated message, then each field message it
 * gave (`details`), except data meant for the page rather than for people (`availableStarts`).
 */
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/web/lib/api-client';

export function ApiErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = error instanceof ApiError ? error.message : t('errors.generic');
  const details =
    error instanceof ApiError && error.details
      ? Object.entries(error.details)
          .filter(([field, detail]) => field !== 'availableStarts' && detail && detail !== message)
          .map(([, detail]) => detail)
      : [];
  return (
    <div role="alert" className="space-y-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
      <p>{message}</p>
      {details.length > 0 ? (
        <ul className="list-disc pl-5 font-normal">
          {details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
