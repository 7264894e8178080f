/**
 * The booking's payment notice (issue #14, defect 1): the words paymentTimingNotice
 * (src/domain/payment-timing.ts) decides, in the reader's language. Used by the Payment, Review
 * and Confirmation steps and by My Bookings, so they never disagree.
 */
import { useTranslation } from 'react-i18next';
import { paymentNoticeMessage } from '@/domain/payment-notice-message';
import { paymentTimingNotice, type PaymentTimingInput } from '@/domain/payment-timing';
import { cn } from '@/web/lib/cn';

export function PaymentNotice({ className, ...input }: PaymentTimingInput & { className?: string }) {
  const { t, i18n } = useTranslation();
  const notice = paymentTimingNotice(input);
  const { key, values } = paymentNoticeMessage(notice, i18n.language);
  return (
    <p className={cn(className)} data-payment-notice={notice.kind}>
      {t(key, values)}
    </p>
  );
}
