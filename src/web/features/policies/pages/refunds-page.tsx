/**
 * /refunds: how the customer pays and gets money back (issue #3, spec sections 4 and 9): a hold
 * at booking and the charge only after the job, the final amount (actual hours, paint at cost),
 * what cancelling costs, and refunds and released holds reaching the card in the business days
 * of the settings (3-5 by default). Numbers from the public settings (usePolicyFacts).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PolicyList, PolicyPage, PolicySection, policyLinkClass } from '../components/policy-page';
import { usePolicyFacts } from '../hooks/use-policy-facts';

export function Component() {
  const { t } = useTranslation();
  const { values } = usePolicyFacts();

  return (
    <PolicyPage page="refunds" title={t('publicPages.refunds.title')} summary={t('publicPages.refunds.summary', values)}>
      <PolicySection title={t('publicPages.refunds.holdTitle')}>
        <p>{t('publicPages.refunds.hold')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.refunds.finalTitle')}>
        <PolicyList
          items={[t('publicPages.refunds.finalAmount'), t('publicPages.refunds.finalHours'), t('publicPages.refunds.finalPaint'), t('publicPages.refunds.finalAbove')]}
        />
      </PolicySection>

      <PolicySection title={t('publicPages.refunds.cancelTitle')}>
        <PolicyList items={[t('publicPages.refunds.cancelFree', values), t('publicPages.refunds.cancelFee', values), t('publicPages.refunds.cancelFull', values)]} />
        <Link to="/cancellations" className={policyLinkClass}>
          {t('publicPages.refunds.cancellationsLink')}
        </Link>
      </PolicySection>

      <PolicySection title={t('publicPages.refunds.refundTitle')}>
        <PolicyList items={[t('publicPages.refunds.refundAsk'), t('publicPages.refunds.refundTiming', values), t('publicPages.refunds.receipt')]} />
      </PolicySection>
    </PolicyPage>
  );
}
