/**
 * Refunding part or all of what was paid: an amount in dollars (at most what was paid, which is
 * preselected) and a reason (at least 3 characters, as the server asks). The same refund pressed
 * again after a lost answer or a 5xx carries the same Idempotency-Key, so it refunds once.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '@/domain/format';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { centsToDollarsInput, dollarsToCents } from '@/web/lib/dollars';
import { toast } from '@/web/lib/toast';
import { useRefundBooking } from '../../api/refund-booking';
import { ActionDialog } from '../action-dialog';
import { textareaClass } from './fields';

export function RefundDialog({ booking, onClose }: { booking: DispatchBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const refund = useRefundBooking();
  const refundable = booking.money.paidCents;
  const [amount, setAmount] = useState(() => centsToDollarsInput(refundable));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const money = (cents: number) => formatPrice(cents, i18n.language);

  const confirm = () => {
    const cents = dollarsToCents(amount);
    const found = {
      amount: cents === null || cents <= 0 ? t('dispatch.refund.amountInvalid') : cents > refundable ? t('dispatch.refund.amountTooHigh', { max: money(refundable) }) : undefined,
      reason: reason.trim().length < 3 ? t('dispatch.refund.reasonRequired') : undefined,
    };
    setErrors(found);
    if (found.amount || found.reason || cents === null) return;
    refund.mutate(
      { bookingId: booking.id, amountCents: cents, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success(t('dispatch.refund.done', { amount: money(cents), reference: booking.reference }));
          onClose();
        },
      },
    );
  };

  return (
    <ActionDialog
      title={t('dispatch.refund.title')}
      description={t('dispatch.refund.description', { paid: money(refundable) })}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={t('dispatch.refund.confirm')}
      busyLabel={t('dispatch.refund.busy')}
      busy={refund.isPending}
      error={refund.error}
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-amount`}>{t('dispatch.refund.amount')}</Label>
        <div className="relative">
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600">
            $
          </span>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errors.amount ? `${id}-amount-error` : undefined}
            className="h-12 pl-7"
          />
        </div>
        <FieldError id={`${id}-amount-error`} message={errors.amount} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-reason`}>{t('dispatch.refund.reason')}</Label>
        <textarea
          id={`${id}-reason`}
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          className={textareaClass}
        />
        <FieldError id={`${id}-reason-error`} message={errors.reason} />
      </div>
    </ActionDialog>
  );
}
