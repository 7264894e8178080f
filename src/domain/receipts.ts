/**
 * Which bookings have a PDF receipt (issue #14, "Receipts"): a completed job, or a cancelled or
 * no-show booking on which money was charged (a cancellation or no-show fee). A free
 * cancellation or a job not done yet has nothing to account for. Shared by the receipt route
 * (src/server/modules/receipts) and My Bookings' download link.
 */
import type { BookingStatus } from './booking-status';
import type { MoneySummary } from './ledger';

export function hasReceipt(status: BookingStatus, money: Pick<MoneySummary, 'capturedCents' | 'extraChargedCents'>): boolean {
  if (status === 'completed') return true;
  return (status === 'cancelled' || status === 'no_show') && money.capturedCents + money.extraChargedCents > 0;
}

/** Where a booking's receipt downloads from, in a language ('en' | 'es'). */
export const receiptPdfPath = (bookingId: string, language: string) => `/api/bookings/${bookingId}/receipt.pdf?lang=${language === 'es' ? 'es' : 'en'}`;
