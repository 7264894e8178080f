/**
 * /cancellations: the cancellation and rescheduling policy (issue #3, spec sections 4 and 9),
 * with its numbers from the public settings (usePolicyFacts): free with enough notice or right
 * after booking, a percentage fee closer in, the full charge on the day or for a no-show; free
 * rescheduling with enough notice; a hold, not a charge, at booking.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PolicyList, PolicyPage, PolicySection, policyLinkClass } from '../components/policy-page';
import { usePolicyFacts } from '../hooks/use-policy-facts';

export function Component() {
  const { t } = useTranslation();
  const { values } = usePolicyFacts();
  const tiers: [string, string][] = [
    [t('publicPages.cancellations.tiers.free.when', values), t('publicPages.cancellations.tiers.free.cost', values)],
    [t('publicPages.cancellations.tiers.half.when', values), t('publicPages.cancellations.tiers.half.cost', values)],
    [t('publicPages.cancellations.tiers.full.when', values), t('publicPages.cancellations.tiers.full.cost', values)],
    [t('publicPages.cancellations.tiers.noShow.when', values), t('publicPages.cancellations.tiers.noShow.cost', values)],
    [t('publicPages.cancellations.tiers.grace.when', values), t('publicPages.cancellations.tiers.grace.cost', values)],
  ];

  return (
    <PolicyPage page="cancellations" title={t('publicPages.cancellations.title')} summary={t('publicPages.cancellations.summary', values)}>
      <PolicySection title={t('publicPages.cancellations.tiersTitle')}>
        <table className="w-full border-collapse text-left text-sm sm:text-base">
          <caption className="sr-only">{t('publicPages.cancellations.tiersCaption')}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3 font-semibold text-slate-900">
                {t('publicPages.cancellations.whenColumn')}
              </th>
              <th scope="col" className="py-2 font-semibold text-slate-900">
                {t('publicPages.cancellations.costColumn')}
              </th>
            </tr>
          </thead>
          <tbody>
            {tiers.map(([when, cost]) => (
              <tr key={when} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal">
                  {when}
                </th>
                <td className="py-2 font-medium text-slate-900">{cost}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-slate-600">{t('publicPages.cancellations.timeZone')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.cancellations.rescheduleTitle')}>
        <PolicyList items={[t('publicPages.cancellations.rescheduleFree', values), t('publicPages.cancellations.rescheduleLate', values)]} />
      </PolicySection>

      <PolicySection title={t('publicPages.cancellations.paymentTitle')}>
        <PolicyList
          items={[t('publicPages.cancellations.holdOnly'), t('publicPages.cancellations.feeFromHold'), t('publicPages.cancellations.refundTiming', values)]}
        />
        <Link to="/refunds" className={policyLinkClass}>
          {t('publicPages.cancellations.refundsLink')}
        </Link>
      </PolicySection>

      <PolicySection title={t('publicPages.cancellations.howTitle')}>
        <p>{t('publicPages.cancellations.how')}</p>
        <Link to="/my-bookings" className={policyLinkClass}>
          {t('publicPages.cancellations.myBookingsLink')}
        </Link>
      </PolicySection>
    </PolicyPage>
  );
}
