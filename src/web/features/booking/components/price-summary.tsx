/**
 * The running price: line items (listed price, plus tax), subtotal, tax at the configured rate
 * and total, in exact cents. `full` is the desktop sidebar and the Review step; `compact` is the
 * phone version, a one-line total that opens into the same breakdown.
 */
import { useTranslation } from 'react-i18next';
import { formatPrice, formatTaxRate } from '@/domain/format';
import type { PriceQuote } from '@/domain/pricing';
import { cn } from '@/web/lib/cn';

export function PriceSummary({ quote, variant = 'full', className }: { quote: PriceQuote; variant?: 'full' | 'compact'; className?: string }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatPrice(cents, i18n.language);

  const breakdown = (
    <>
      <dl className="space-y-3 text-sm">
        {quote.lineItems.map((item) => (
          <div key={item.code} className="flex items-start justify-between gap-3">
            <dt>
              <span className="font-medium text-slate-900">{t(`lineItems.${item.code}`)}</span>
              <span className="block text-slate-600">
                {t('booking.price.lineDetail', { quantity: item.quantity, price: money(item.unitPriceCents), per: t(`booking.price.per.${item.unit}`) })}
              </span>
            </dt>
            <dd className="font-medium tabular-nums">{money(item.amountCents)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-3">
          <dt>{t('booking.price.subtotal')}</dt>
          <dd className="tabular-nums">{money(quote.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{t('booking.price.tax', { rate: formatTaxRate(quote.taxRateBps, i18n.language) })}</dt>
          <dd className="tabular-nums">{money(quote.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-slate-200 pt-3 text-base font-semibold">
          <dt>{t('booking.price.total')}</dt>
          <dd className="tabular-nums">{money(quote.totalCents)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-600">{t('booking.price.note')}</p>
    </>
  );

  if (variant === 'compact') {
    return (
      <details className={cn('group rounded-lg border border-slate-200 bg-white', className)}>
        <summary className="flex cursor-pointer items-center justify-between gap-3 px-4 py-3 text-sm font-medium">
          <span>{t('booking.price.title')}</span>
          <span className="tabular-nums">{t('booking.price.compactTotal', { total: money(quote.totalCents) })}</span>
        </summary>
        <div className="border-t border-slate-200 px-4 py-3">{breakdown}</div>
      </details>
    );
  }
  return (
    <section aria-labelledby="price-summary-title" className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)}>
      <h2 id="price-summary-title" className="mb-4 text-lg font-semibold">{t('booking.price.title')}</h2>
      {breakdown}
    </section>
  );
}
