/**
 * A booking's status as a coloured pill. The words come from the caller: customers read
 * `status.*` ("Technician on the way"), staff read `staff.status.*` ("On the way").
 */
import type { BookingStatus } from '@/domain/booking-status';
import { cn } from '@/web/lib/cn';

const STATUS_STYLES: Record<BookingStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  confirmed: 'bg-blue-100 text-blue-900',
  en_route: 'bg-blue-100 text-blue-900',
  in_progress: 'bg-indigo-100 text-indigo-900',
  completed: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
  no_show: 'bg-red-100 text-red-900',
  payment_failed: 'bg-red-100 text-red-900',
};

export interface StatusBadgeProps {
  status: BookingStatus;
  /** The translated status. */
  label: string;
  /** Read before the label by screen readers, e.g. "Status". */
  srPrefix?: string;
  className?: string;
}

export function StatusBadge({ status, label, srPrefix, className }: StatusBadgeProps) {
  return (
    <p className={cn('inline-flex rounded-full px-3 py-1 text-sm font-semibold', STATUS_STYLES[status] ?? STATUS_STYLES.cancelled, className)}>
      {srPrefix ? <span className="sr-only">{srPrefix}: </span> : null}
      {label}
    </p>
  );
}
