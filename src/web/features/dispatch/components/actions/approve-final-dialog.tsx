/**
 * Approving a final amount that waits for approval: says what is charged to which card and that
 * the job is then complete, before anything happens. "Approve and charge" charges it once (the
 * same Idempotency-Key when retried after no answer or a 5xx); a refusal (the amount was changed
 * or approved meanwhile, a declined card) shows the server's message and the page refreshes.
 */
import { useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { cardBrandName, formatPrice } from '@/domain/format';
import type { DispatchBooking } from '@/domain/dispatch-contract';
import { toast } from '@/web/lib/toast';
import { useApproveFinalAmount } from '../../api/approve-final-amount';
import { ActionDialog } from '../action-dialog';

export interface ApproveFinalDialogProps {
  booking: DispatchBooking;
  onClose: () => void;
  /** Where focus goes after approving (the button that opened the dialog goes away). */
  focusAfterApproveRef?: RefObject<HTMLElement | null>;
}

export function ApproveFinalDialog({ booking, onClose, focusAfterApproveRef }: ApproveFinalDialogProps) {
  const { t, i18n } = useTranslation();
  const approve = useApproveFinalAmount();
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const money = (cents: number) => formatPrice(cents, i18n.language);
  const finalCents = booking.final?.totalCents ?? booking.totalCents;
  const { payment } = booking;
  const card = payment?.cardBrand && payment.cardLast4 ? `${cardBrandName(payment.cardBrand)} •••• ${payment.cardLast4}` : null;

  const confirm = () =>
    approve.mutate(
      { bookingId: booking.id },
      {
        onSuccess: (updated) => {
          returnFocusRef.current = focusAfterApproveRef?.current ?? null;
          toast.success(t('dispatch.complete.done', { reference: booking.reference, amount: money(updated.final?.totalCents ?? finalCents) }));
          onClose();
        },
      },
    );

  return (
    <ActionDialog
      title={t('dispatch.approval.dialogTitle', { amount: money(finalCents) })}
      description={card ? t('dispatch.approval.dialogDescriptionCard', { card }) : t('dispatch.approval.dialogDescription')}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={t('dispatch.approval.approve')}
      busyLabel={t('dispatch.approval.busy')}
      busy={approve.isPending}
      error={approve.error}
      returnFocusRef={returnFocusRef}
    >
      <p className="text-sm text-slate-800">
        {t('dispatch.approval.dialogBody', { final: money(finalCents), booked: money(booking.totalCents), difference: money(finalCents - booking.totalCents) })}
      </p>
    </ActionDialog>
  );
}
