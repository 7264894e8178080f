/** /admin/bookings/:id: one booking with its actions (admins only). */
import { useParams } from 'react-router';
import { StaffGate } from '@/web/components/staff/staff-gate';
import { BookingDetail } from '../components/booking-detail';

export function Component() {
  const { id = '' } = useParams();
  return (
    <StaffGate role="admin">
      <div className="mx-auto max-w-6xl px-4 py-8">
        <BookingDetail key={id} bookingId={id} />
      </div>
    </StaffGate>
  );
}
