/**
 * The arrival window as customers read it (confirmation step, My Bookings card): the domain's
 * rule (src/domain/arrival-window.ts: start to start + the `jobRules` setting, narrowed to the
 * ETA once the technician is on the way), in Tampa time and the reader's language.
 */
import type { TFunction } from 'i18next';
import { arrivalWindow } from '@/domain/arrival-window';
import type { BookingView } from '@/domain/booking-request';
import { formatTampaTime } from '@/domain/format';

/**
 * @returns e.g. "10:00 AM – 11:00 AM", or "10:20 AM – 10:35 AM, from your technician's ETA";
 *   null once the technician arrived or the job is over
 */
export function arrivalWindowText(booking: Pick<BookingView, 'scheduledStart' | 'etaAt' | 'status' | 'arrivalWindowMinutes'>, t: TFunction, language: string): string | null {
  const window = arrivalWindow({ scheduledStart: new Date(booking.scheduledStart), etaAt: booking.etaAt ? new Date(booking.etaAt) : null, status: booking.status }, booking.arrivalWindowMinutes);
  if (!window) return null;
  const times = { from: formatTampaTime(window.from, language), to: formatTampaTime(window.to, language) };
  return window.basis === 'eta' ? t('booking.arrivalWindow.byEta', times) : t('booking.arrivalWindow.range', times);
}
