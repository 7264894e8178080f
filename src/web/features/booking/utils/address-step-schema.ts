/** The fields of the Address & Schedule step, with the booking request's own rules. */
import { createBookingRequestSchema } from '@/domain/booking-request';

export const addressStepSchema = createBookingRequestSchema.pick({ address: true, contactPhone: true, notes: true });
