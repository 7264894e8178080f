/**
 * A finished job whose final amount waits for our team's approval (issue #9: more than the
 * approval limit above what was booked). Tells the customer the job is done, the final amount and
 * how much above the booking it is, why (the hours worked against the hours booked, paint bought
 * for them at cost) with the final lines, and that nothing above the booking has been charged
 * yet: the team reviews it first, then charges the card. Shown while `finalApproval.status` is
 * 'pending'; live updates replace it with the receipt once approved.
 */
import CircleAlert from 'lucide-react/icons/circle-alert';
import { useTranslation } from 'react-i18next';
import { cardBrandName, formatNumber, formatPrice } from '@/domain/format';
import type { BookingView } from '@/domain/booking-request';
import type { LineItem } from '@/domain/pricing';
import { lineDetail, ReceiptRow, type Translate } from './booking-receipt';

export function FinalAmountReview({ booking, titleId }: { booking: BookingView; titleId: string }) {
  const { t, i18n } = useTranslation();
  const { final, finalApproval, payment } = booking;
  if (finalApproval?.status !== 'pending' || !final) return null;
  const money = (cents: number) => formatPrice(cents, i18n.language);
  const difference = final.totalCents - booking.totalCents;
  const reasons = reasonsFor(booking.lineItems, final.lineItems, i18n.language, t);
  const card = payment?.cardBrand && payment.cardLast4 ? t('myBookings.card', { brand: cardBrandName(payment.cardBrand), last4: payment.cardLast4 }) : null;

  return (
    <section aria-labelledby={titleId} className="space-y-3 rounded-lg border-2 border-amber-300 bg-amber-50 p-4 text-sm text-slate-900">
      <div className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
        <div className="min-w-0 space-y-1">
          <h4 id={titleId} className="font-semibold text-slate-900">
            {t('myBookings.review.title')}
          </h4>
          <p>
            {t('myBookings.review.summary', { final: money(final.totalCents), difference: money(difference), booked: money(booking.totalCents) })}
          </p>
        </div>
      </div>

      {reasons.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}

      <dl aria-label={t('myBookings.review.linesLabel')} className="space-y-2 rounded-md bg-white p-3 ring-1 ring-amber-200">
        {final.lineItems.map((item) => (
          <ReceiptRow key={`${item.code}-${item.unit}`} label={t(`lineItems.${item.code}`)} detail={lineDetail(item, i18n.language, t)} value={money(item.amountCents)} />
        ))}
        <ReceiptRow label={t('myBookings.receipt.subtotal')} value={money(final.subtotalCents)} className="border-t border-slate-200 pt-2" />
        <ReceiptRow label={t('myBookings.receipt.tax')} value={money(final.taxCents)} />
        <ReceiptRow label={t('myBookings.review.finalTotal')} value={money(final.totalCents)} strong />
        <ReceiptRow label={t('myBookings.review.booked')} value={money(booking.totalCents)} />
        <ReceiptRow label={t('myBookings.review.difference')} value={`+${money(difference)}`} strong />
      </dl>

      <p className="font-semibold">{t('myBookings.review.nothingCharged')}</p>
      <p>{card ? t('myBookings.review.nextCard', { card }) : t('myBookings.review.next')}</p>
    </section>
  );
}

/** Why the final amount is above the booking, in words: more hours than booked, paint bought at cost. */
function reasonsFor(booked: LineItem[], final: LineItem[], language: string, t: Translate): string[] {
  const reasons: string[] = [];
  const hours = (value: number) => formatNumber(value, language, 1);
  const bookedHours = booked.find((item) => item.unit === 'hour')?.quantity;
  const workedHours = final.find((item) => item.unit === 'hour')?.quantity;
  if (bookedHours !== undefined && workedHours !== undefined && workedHours > bookedHours) {
    reasons.push(t('myBookings.review.whyHours', { count: workedHours, hours: hours(workedHours), booked: hours(bookedHours) }));
  }
  const paint = final.find((item) => item.unit === 'receipt');
  if (paint) reasons.push(t('myBookings.review.whyPaint', { amount: formatPrice(paint.amountCents, language) }));
  return reasons;
}
