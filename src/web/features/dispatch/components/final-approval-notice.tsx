/**
 * A final amount waiting for the admin's approval (issue #9): the job was completed with a final
 * amount more than the approval limit above the booked total, so nothing was charged. Says the
 * final amount against the booked total and the difference, lists the final lines (the hours
 * worked, paint at cost), says that nothing has been charged beyond the card hold and that the
 * customer was emailed, and offers "Approve and charge" and "Change the actuals" (completing
 * again with other actuals replaces the amount).
 */
import CircleAlert from 'lucide-react/icons/circle-alert';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatTampaShort } from '@/domain/format';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { Button } from '@/web/components/ui/button';
import { MoneyRow, QuoteRows } from './money-summary';

export interface FinalApprovalNoticeProps {
  booking: DispatchBooking;
  onApprove: () => void;
  onChangeActuals: () => void;
}

export function FinalApprovalNotice({ booking, onApprove, onChangeActuals }: FinalApprovalNoticeProps) {
  const { t, i18n } = useTranslation();
  const { final, finalApproval } = booking;
  if (finalApproval?.status !== 'pending' || !final) return null;
  const money = (cents: number) => formatPrice(cents, i18n.language);
  const difference = final.totalCents - booking.totalCents;
  const held = booking.money.heldCents;

  return (
    <section aria-labelledby="final-approval-title" className="space-y-4 rounded-xl border-2 border-amber-300 bg-amber-50 p-5 text-sm text-slate-900 shadow-sm">
      <div className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-amber-800" />
        <div className="min-w-0 space-y-1">
          <h2 id="final-approval-title" className="text-lg font-semibold text-slate-900">
            {t('dispatch.approval.title')}
          </h2>
          <p>{t('dispatch.approval.summary', { final: money(final.totalCents), difference: money(difference), booked: money(booking.totalCents) })}</p>
          {finalApproval.requestedAt ? <p className="text-slate-700">{t('dispatch.approval.requestedAt', { when: formatTampaShort(finalApproval.requestedAt, i18n.language) })}</p> : null}
        </div>
      </div>

      <dl aria-label={t('dispatch.approval.linesLabel')} className="space-y-1.5 rounded-md bg-white p-3 ring-1 ring-amber-200">
        <QuoteRows quote={final} totalLabel={t('dispatch.approval.finalTotal')} />
        <MoneyRow label={t('dispatch.money.booked')} value={money(booking.totalCents)} />
        <MoneyRow label={t('dispatch.approval.difference')} value={`+${money(difference)}`} strong />
      </dl>

      <p>{held > 0 ? t('dispatch.approval.nothingChargedHold', { held: money(held) }) : t('dispatch.approval.nothingCharged')}</p>
      <p>{t('dispatch.approval.customerTold')}</p>

      <div className="flex flex-col gap-2 sm:flex-row">
        <Button size="lg" onClick={onApprove}>
          {t('dispatch.approval.approve')}
        </Button>
        <Button size="lg" variant="outline" onClick={onChangeActuals}>
          {t('dispatch.approval.changeActuals')}
        </Button>
      </div>
    </section>
  );
}
