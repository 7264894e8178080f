/**
 * A booking's status on the board and the detail page, in staff words. A pending booking whose
 * customer was already called no longer says "New – call the customer" but what is left to do
 * (assign a technician), so "Mark contacted" changes the badge at once.
 */
import { useTranslation } from 'react-i18next';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { StatusBadge } from '@/web/components/booking/status-badge';

export function DispatchStatusBadge({ booking }: { booking: Pick<DispatchBooking, 'status' | 'contactedAt'> }) {
  const { t } = useTranslation();
  const label = booking.status === 'pending' && booking.contactedAt ? t('dispatch.contact.contactedStatus') : t(`staff.status.${booking.status}`);
  return <StatusBadge status={booking.status} label={label} srPrefix={t('dispatch.row.status')} />;
}
