/**
 * A booking's price and payment for the admin: the line items (the final ones once completed;
 * the booked ones while a final amount waits for approval, which FinalApprovalNotice shows),
 * subtotal, tax and total; then the card, the payment status and the ledger's money — held,
 * captured, charged above the hold, refunded, paid — and any cancellation fee.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardBrandName, formatNumber, formatPrice } from '@/domain/format';
import type { LineItem } from '@/domain/pricing';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { cn } from '@/web/lib/cn';

export function MoneySummary({ booking }: { booking: DispatchBooking }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatPrice(cents, i18n.language);
  // A final amount waiting for approval is not the price yet: the notice above shows it.
  const final = booking.finalApproval?.status === 'pending' ? null : booking.final;
  const { payment } = booking;

  return (
    <div className="space-y-4 text-sm">
      <dl className="space-y-1.5">
        <QuoteRows quote={final ?? booking} totalLabel={final ? t('dispatch.money.finalTotal') : t('dispatch.money.total')} />
        {final && final.totalCents !== booking.totalCents ? <MoneyRow label={t('dispatch.money.booked')} value={money(booking.totalCents)} /> : null}
      </dl>

      <dl className="space-y-1.5 border-t border-slate-200 pt-3">
        <MoneyRow
          label={t('dispatch.money.payment')}
          value={
            payment ? (
              <>
                {t(`dispatch.paymentStatus.${payment.status}`)}
                {payment.cardBrand && payment.cardLast4 ? <span className="block font-normal text-slate-600">{`${cardBrandName(payment.cardBrand)} •••• ${payment.cardLast4}`}</span> : null}
                {payment.testMode ? <span className="mt-1 inline-block rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t('dispatch.money.testMode')}</span> : null}
              </>
            ) : (
              t('dispatch.money.noPayment')
            )
          }
        />
        <MoneyRow label={t('dispatch.money.held')} value={money(booking.money.heldCents)} />
        <MoneyRow label={t('dispatch.money.captured')} value={money(booking.money.capturedCents)} />
        {booking.money.extraChargedCents > 0 ? <MoneyRow label={t('dispatch.money.extraCharged')} value={money(booking.money.extraChargedCents)} /> : null}
        {booking.money.refundedCents > 0 ? <MoneyRow label={t('dispatch.money.refunded')} value={`−${money(booking.money.refundedCents)}`} /> : null}
        <MoneyRow label={t('dispatch.money.paid')} value={money(booking.money.paidCents)} strong />
        {(booking.money.tippedCents ?? 0) > 0 ? <MoneyRow label={t('dispatch.money.tipped')} value={money(booking.money.tippedCents ?? 0)} /> : null}
        {booking.cancellation ? (
          <MoneyRow label={t('dispatch.money.cancellationFee', { tier: t(`dispatch.tier.${booking.cancellation.tier}`, { defaultValue: booking.cancellation.tier }) })} value={money(booking.cancellation.feeCents)} />
        ) : null}
      </dl>
    </div>
  );
}

/** A quote's rows inside a `<dl>`: each line item (quantity × unit price, or "at cost"), subtotal, tax and total. */
export function QuoteRows({ quote, totalLabel }: { quote: { lineItems: LineItem[]; subtotalCents: number; taxCents: number; totalCents: number }; totalLabel: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatPrice(cents, i18n.language);
  const quantity = (value: number) => formatNumber(value, i18n.language, 2);
  return (
    <>
      {quote.lineItems.map((item) => (
        <MoneyRow
          key={`${item.code}-${item.unit}`}
          label={t(`lineItems.${item.code}`)}
          detail={item.unit === 'receipt' ? t('dispatch.money.atCost') : `${quantity(item.quantity)} × ${money(item.unitPriceCents)}`}
          value={money(item.amountCents)}
        />
      ))}
      <MoneyRow label={t('dispatch.money.subtotal')} value={money(quote.subtotalCents)} className="border-t border-slate-200 pt-1.5" />
      <MoneyRow label={t('dispatch.money.tax')} value={money(quote.taxCents)} />
      <MoneyRow label={totalLabel} value={money(quote.totalCents)} strong />
    </>
  );
}

export function MoneyRow({ label, detail, value, strong = false, className }: { label: string; detail?: string; value: ReactNode; strong?: boolean; className?: string }) {
  return (
    <div className={cn('flex items-start justify-between gap-3', strong && 'font-semibold text-slate-900', className)}>
      <dt className="min-w-0 text-slate-800">
        {label}
        {detail ? <span className="block text-slate-600">{detail}</span> : null}
      </dt>
      <dd className="shrink-0 text-right tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}
