/**
 * /refunds: how the customer pays and gets money back (issue #3, spec sections 4 and 9): a hold
 * at booking and the charge only after the job, the final amount (actual hours, paint at cost),
 * what cancelling costs, and refunds and released holds reaching the card in 3-5 business days.
 * The numbers come from the public settings (DEFAULT_CANCELLATION_POLICY until they load).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCancellationPolicy } from '@/web/lib/cancellation-policy';
import { PolicyList, PolicyPage, PolicySection, policyLinkClass } from '../components/policy-page';

export function Component() {
  const { t } = useTranslation();
  const policy = useCancellationPolicy();
  const numbers = {
    freeHours: policy.freeNoticeHours,
    feeHours: policy.feeNoticeHours,
    percent: policy.feePercent,
    graceMinutes: policy.graceMinutes,
    min: policy.refundBusinessDays.min,
    max: policy.refundBusinessDays.max,
  };

  return (
    <PolicyPage title={t('policies.refunds.title')} summary={t('policies.refunds.summary', numbers)}>
      <PolicySection title={t('policies.refunds.holdTitle')}>
        <p>{t('policies.refunds.hold')}</p>
      </PolicySection>

      <PolicySection title={t('policies.refunds.finalTitle')}>
        <PolicyList items={[t('policies.refunds.finalAmount'), t('policies.refunds.finalHours'), t('policies.refunds.finalPaint'), t('policies.refunds.finalAbove')]} />
      </PolicySection>

      <PolicySection title={t('policies.refunds.cancelTitle')}>
        <PolicyList items={[t('policies.refunds.cancelFree', numbers), t('policies.refunds.cancelFee', numbers), t('policies.refunds.cancelFull', numbers)]} />
        <Link to="/cancellations" className={policyLinkClass}>
          {t('policies.refunds.cancellationsLink')}
        </Link>
      </PolicySection>

      <PolicySection title={t('policies.refunds.refundTitle')}>
        <PolicyList items={[t('policies.refunds.refundAsk'), t('policies.refunds.refundTiming', numbers), t('policies.refunds.receipt')]} />
      </PolicySection>
    </PolicyPage>
  );
}
