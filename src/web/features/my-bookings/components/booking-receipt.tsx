/**
 * A booking's receipt in My Bookings: the line items, tax and total (the final ones once the
 * job is done: actual hours, paint at cost; the booked ones while a final amount waits for our
 * approval, which FinalAmountReview explains), then the payment notice (paymentTimingNotice: the
 * same words as the booking flow and the emails) and the money as the ledger has it: what is held
 * on the card while the hold is live (issue #14, defect 8: not after a capture or release), what was charged (the capture, and any amount above the hold as a second line),
 * what was refunded, the tip (issue #14; the total paid counts it) and what was paid in the end. A cancelled booking says what cancelling cost:
 * "Cancelled — no charge", or the fee and the policy tier it fell in. A booking with something to
 * account for (src/domain/receipts.ts) links to its PDF receipt.
 */
import { cardBrandName, formatNumber, formatPrice } from '@/domain/format';
import type { BookingView } from '@/domain/booking-request';
import type { CancellationPolicy } from '@/domain/cancellation-policy';
import type { LineItem } from '@/domain/pricing';
import { paymentTimingNotice } from '@/domain/payment-timing';
import { hasReceipt, receiptPdfPath } from '@/domain/receipts';
import { PaymentNotice } from '@/web/components/booking/payment-notice';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '@/web/lib/api-base';
import { useCancellationPolicy } from '@/web/lib/cancellation-policy';
import { cn } from '@/web/lib/cn';

export function BookingReceipt({ booking, titleId }: { booking: BookingView; titleId: string }) {
  const { t, i18n } = useTranslation();
  // The policy the booking was made under (issue #12); the current one only if an older answer lacks it.
  const currentPolicy = useCancellationPolicy();
  const policy = booking.cancellationPolicy ?? currentPolicy;
  const money = (cents: number) => formatPrice(cents, i18n.language);
  const final = booking.finalApproval?.status === 'pending' ? null : booking.final;
  const priced = final ?? booking;
  const { payment, cancellation } = booking;
  const charged = booking.money.capturedCents;
  const extra = booking.money.extraChargedCents;
  const timing = { start: booking.scheduledStart, now: booking.createdAt, totalCents: booking.totalCents, payment, money: booking.money };
  const holdLive = paymentTimingNotice(timing).kind === 'held';

  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <h4 id={titleId} className="font-semibold text-slate-900">
        {final ? t('myBookings.receipt.finalTitle') : t('myBookings.receipt.title')}
      </h4>

      {cancellation ? (
        <p className="rounded-md bg-white p-3 text-sm ring-1 ring-slate-200">
          <span className="block font-semibold text-slate-900">
            {cancellation.feeCents === 0 ? t('myBookings.receipt.cancelledFree') : t('myBookings.receipt.cancelledFee', { fee: money(cancellation.feeCents) })}
          </span>
          {tierText(cancellation.tier, policy, t) ? <span className="block text-slate-700">{tierText(cancellation.tier, policy, t)}</span> : null}
        </p>
      ) : null}

      <dl className="space-y-2 text-sm">
        {priced.lineItems.map((item) => (
          <ReceiptRow key={`${item.code}-${item.unit}`} label={t(`lineItems.${item.code}`)} detail={lineDetail(item, i18n.language, t)} value={money(item.amountCents)} />
        ))}
        <ReceiptRow label={t('myBookings.receipt.subtotal')} value={money(priced.subtotalCents)} className="border-t border-slate-200 pt-2" />
        <ReceiptRow label={t('myBookings.receipt.tax')} value={money(priced.taxCents)} />
        <ReceiptRow label={t('myBookings.receipt.total')} value={money(priced.totalCents)} strong />
      </dl>
      {final && final.totalCents !== booking.totalCents ? (
        <p className="text-sm text-slate-700">{t('myBookings.receipt.estimated', { amount: money(booking.totalCents) })}</p>
      ) : null}

      <div className="space-y-2 border-t border-slate-200 pt-3">
        <h5 className="text-sm font-semibold text-slate-900">{t('myBookings.receipt.paymentTitle')}</h5>
        {payment ? (
          <div className="text-sm text-slate-800">
            {payment.cardBrand && payment.cardLast4 ? (
              <p>{t('myBookings.card', { brand: cardBrandName(payment.cardBrand), last4: payment.cardLast4 })}</p>
            ) : null}
            <PaymentNotice {...timing} />
            {payment.testMode ? (
              <span className="mt-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('myBookings.testMode')}</span>
            ) : null}
          </div>
        ) : null}
        <dl className="space-y-2 text-sm">
          {holdLive ? <ReceiptRow label={t('myBookings.receipt.held')} value={money(payment?.amountHeldCents || booking.money.heldCents)} /> : null}
          <ReceiptRow label={t('myBookings.receipt.charged')} value={money(charged)} />
          {extra > 0 ? <ReceiptRow label={t('myBookings.receipt.extraCharged')} value={money(extra)} /> : null}
          {booking.money.refundedCents > 0 ? <ReceiptRow label={t('myBookings.receipt.refunded')} value={`−${money(booking.money.refundedCents)}`} /> : null}
          {booking.tip?.status === 'succeeded' ? <ReceiptRow label={t('myBookings.receipt.tip')} value={money(booking.tip.amountCents)} /> : null}
          <ReceiptRow label={t('myBookings.receipt.paid')} value={money(booking.money.paidCents + (booking.money.tippedCents ?? 0))} strong className="border-t border-slate-200 pt-2" />
        </dl>
      </div>
      {hasReceipt(booking.status, booking.money) ? (
        <a href={apiUrl(receiptPdfPath(booking.id, i18n.language))} download className="inline-block text-sm font-medium text-brand-700 underline underline-offset-4">
          {t('myBookings.receipt.downloadPdf')}
          <span className="sr-only"> {booking.reference}</span>
        </a>
      ) : null}
    </section>
  );
}

export function ReceiptRow({ label, detail, value, strong = false, className }: { label: string; detail?: string; value: string; strong?: boolean; className?: string }) {
  return (
    <div className={cn('flex items-start justify-between gap-3', strong && 'font-semibold text-slate-900', className)}>
      <dt className="min-w-0">
        <span className={cn(!strong && 'text-slate-800')}>{label}</span>
        {detail ? <span className="block text-slate-600">{detail}</span> : null}
      </dt>
      <dd className="shrink-0 tabular-nums">{value}</dd>
    </div>
  );
}

export type Translate = ReturnType<typeof useTranslation>['t'];

/** "2.5 × $35.00 per hour"; paint bought for the customer reads "At cost, from the store receipt". */
export function lineDetail(item: LineItem, language: string, t: Translate): string {
  if (item.unit === 'receipt') return t('myBookings.receipt.atCost');
  const quantity = formatNumber(item.quantity, language, 2);
  return t('myBookings.receipt.lineDetail', { quantity, price: formatPrice(item.unitPriceCents, language), per: t(`myBookings.receipt.per.${item.unit}`) });
}

/** The policy tier a cancellation fell in, in words with the policy's numbers; null for a tier this build does not know. */
function tierText(tier: string, policy: CancellationPolicy, t: Translate): string | null {
  switch (tier) {
    case 'grace':
      return t('myBookings.receipt.tier.grace', { minutes: policy.graceMinutes });
    case 'free':
      return t('myBookings.receipt.tier.free', { hours: policy.freeNoticeHours });
    case 'half':
      return t('myBookings.receipt.tier.half', { from: policy.feeNoticeHours, to: policy.freeNoticeHours, percent: policy.feePercent });
    case 'full':
      return t('myBookings.receipt.tier.full', { hours: policy.feeNoticeHours });
    case 'waived':
      return t('myBookings.receipt.tier.waived');
    case 'no_show':
      return t('myBookings.receipt.tier.no_show');
    default:
      return null;
  }
}
