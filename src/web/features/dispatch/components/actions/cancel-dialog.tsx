/**
 * Cancelling as an admin. The customer's preview call is theirs alone, so the policy outcome is
 * worked out here with the same rule (src/domain/cancellation-policy.ts, the booking's own policy,
 * now) and shown first: the tier and its fee. When there is a fee the admin chooses to charge it
 * or waive it; a reason is optional. The server applies the policy again when it cancels.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatTampaDateTime } from '@/domain/format';
import { cancellationOutcome } from '@/domain/cancellation-policy';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { Label } from '@/web/components/ui/label';
import { useCancellationPolicy } from '@/web/lib/cancellation-policy';
import { toast } from '@/web/lib/toast';
import { useCancelAsAdmin } from '../../api/cancel-booking';
import { ActionDialog } from '../action-dialog';
import { textareaClass } from './fields';

export function CancelDialog({ booking, onClose }: { booking: DispatchBooking; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // The policy the booking was made under (issue #12); the current one only if an older answer lacks it.
  const currentPolicy = useCancellationPolicy();
  const policy = booking.cancellationPolicy ?? currentPolicy;
  const cancel = useCancelAsAdmin();
  const [openedAt] = useState(() => new Date());
  const [waiveFee, setWaiveFee] = useState(false);
  const [reason, setReason] = useState('');
  const money = (cents: number) => formatPrice(cents, i18n.language);
  const outcome = cancellationOutcome({
    start: new Date(booking.scheduledStart),
    bookedAt: new Date(booking.createdAt),
    cancelAt: openedAt,
    totalCents: booking.totalCents,
    heldCents: booking.money.heldCents,
    policy,
  });
  const hasFee = outcome.feeCents > 0;

  const confirm = () =>
    cancel.mutate(
      { bookingId: booking.id, waiveFee: hasFee && waiveFee, reason: reason.trim() || undefined },
      {
        onSuccess: (updated) => {
          const fee = updated.cancellation?.feeCents ?? 0;
          toast.success(fee > 0 ? t('dispatch.cancel.doneFee', { reference: booking.reference, fee: money(fee) }) : t('dispatch.cancel.doneFree', { reference: booking.reference }));
          onClose();
        },
      },
    );

  return (
    <ActionDialog
      title={t('dispatch.cancel.title')}
      description={t('dispatch.cancel.description', { reference: booking.reference, when: formatTampaDateTime(booking.scheduledStart, i18n.language) })}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={t('dispatch.cancel.confirm')}
      busyLabel={t('dispatch.cancel.busy')}
      busy={cancel.isPending}
      error={cancel.error}
      closeLabel={t('dispatch.cancel.keep')}
      destructive
    >
      <div className="space-y-1 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-900">
        <p className="font-semibold">{t('dispatch.cancel.outcomeTitle')}</p>
        <p>
          {t(`dispatch.cancel.tier.${outcome.tier}`, {
            minutes: policy.graceMinutes,
            free: policy.freeNoticeHours,
            fee: policy.feeNoticeHours,
            percent: policy.feePercent,
          })}
        </p>
        <p className="font-semibold">{hasFee ? t('dispatch.cancel.fee', { fee: money(outcome.feeCents) }) : t('dispatch.cancel.noFee')}</p>
      </div>

      {hasFee ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t('dispatch.cancel.feeChoice')}</legend>
          <label className="flex min-h-12 items-center gap-3 rounded-md border border-slate-300 px-3 text-sm">
            <input type="radio" name={`${id}-fee`} checked={!waiveFee} onChange={() => setWaiveFee(false)} className="h-4 w-4" />
            {t('dispatch.cancel.chargeFee', { fee: money(outcome.feeCents) })}
          </label>
          <label className="flex min-h-12 items-center gap-3 rounded-md border border-slate-300 px-3 text-sm">
            <input type="radio" name={`${id}-fee`} checked={waiveFee} onChange={() => setWaiveFee(true)} className="h-4 w-4" />
            {t('dispatch.cancel.waiveFee')}
          </label>
        </fieldset>
      ) : null}

      <div className="space-y-2">
        <Label htmlFor={`${id}-reason`}>{t('dispatch.cancel.reason')}</Label>
        <textarea id={`${id}-reason`} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} className={textareaClass} />
      </div>
    </ActionDialog>
  );
}
