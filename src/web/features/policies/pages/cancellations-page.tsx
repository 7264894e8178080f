/**
 * /cancellations: the cancellation and rescheduling policy (issue #3, spec sections 4 and 9),
 * with its numbers from the public settings (DEFAULT_CANCELLATION_POLICY until they load): free
 * with enough notice or right after booking, a percentage fee closer in, the full charge on the
 * day or for a no-show; free rescheduling with enough notice; a hold, not a charge, at booking.
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
    rescheduleHours: policy.rescheduleNoticeHours,
    min: policy.refundBusinessDays.min,
    max: policy.refundBusinessDays.max,
  };
  const tiers: [string, string][] = [
    [t('policies.cancellations.tiers.free.when', numbers), t('policies.cancellations.tiers.free.cost', numbers)],
    [t('policies.cancellations.tiers.half.when', numbers), t('policies.cancellations.tiers.half.cost', numbers)],
    [t('policies.cancellations.tiers.full.when', numbers), t('policies.cancellations.tiers.full.cost', numbers)],
    [t('policies.cancellations.tiers.noShow.when', numbers), t('policies.cancellations.tiers.noShow.cost', numbers)],
    [t('policies.cancellations.tiers.grace.when', numbers), t('policies.cancellations.tiers.grace.cost', numbers)],
  ];

  return (
    <PolicyPage title={t('policies.cancellations.title')} summary={t('policies.cancellations.summary', numbers)}>
      <PolicySection title={t('policies.cancellations.tiersTitle')}>
        <table className="w-full border-collapse text-left text-sm sm:text-base">
          <caption className="sr-only">{t('policies.cancellations.tiersCaption')}</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-2 pr-3 font-semibold text-slate-900">{t('policies.cancellations.whenColumn')}</th>
              <th scope="col" className="py-2 font-semibold text-slate-900">{t('policies.cancellations.costColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map(([when, cost]) => (
              <tr key={when} className="border-b border-slate-200 align-top">
                <th scope="row" className="py-2 pr-3 font-normal">{when}</th>
                <td className="py-2 font-medium text-slate-900">{cost}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="text-sm text-slate-600">{t('policies.cancellations.timeZone')}</p>
      </PolicySection>

      <PolicySection title={t('policies.cancellations.rescheduleTitle')}>
        <PolicyList items={[t('policies.cancellations.rescheduleFree', numbers), t('policies.cancellations.rescheduleLate', numbers)]} />
      </PolicySection>

      <PolicySection title={t('policies.cancellations.paymentTitle')}>
        <PolicyList
          items={[t('policies.cancellations.holdOnly'), t('policies.cancellations.feeFromHold'), t('policies.cancellations.refundTiming', numbers)]}
        />
        <Link to="/refunds" className={policyLinkClass}>
          {t('policies.cancellations.refundsLink')}
        </Link>
      </PolicySection>

      <PolicySection title={t('policies.cancellations.howTitle')}>
        <p>{t('policies.cancellations.how')}</p>
        <Link to="/my-bookings" className={policyLinkClass}>
          {t('policies.cancellations.myBookingsLink')}
        </Link>
      </PolicySection>
    </PolicyPage>
  );
}
