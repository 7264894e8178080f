/**
 * /terms: the terms of service for booking and paying (Florida law, Hillsborough County courts):
 * who we are, services and listed prices plus tax with no hidden fees, booking and the
 * call-back, the card hold and the charge after the job, cancelling and rescheduling, refunds,
 * what we ask of the customer, our responsibility, the account, and changes. Prices, tax, the
 * policy's hours and percent, refund days and the call-back come from the public settings.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceSlug } from '@/domain/services';
import { PolicyList, PolicyPage, PolicySection, policyLinkClass } from '../components/policy-page';
import { usePolicyFacts } from '../hooks/use-policy-facts';

const SERVICE_LINES: Record<ServiceSlug, string> = {
  'tv-installation': 'publicPages.terms.services.tv',
  'furniture-assembly': 'publicPages.terms.services.furniture',
  painting: 'publicPages.terms.services.painting',
};

export function Component() {
  const { t } = useTranslation();
  const { values, services } = usePolicyFacts();

  return (
    <PolicyPage page="terms" title={t('publicPages.terms.title')} summary={t('publicPages.terms.summary')}>
      <PolicySection title={t('publicPages.terms.whoTitle')}>
        <p>{t('publicPages.terms.who')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.terms.servicesTitle')}>
        <PolicyList items={services.map((service) => t(SERVICE_LINES[service.slug], { price: service.price }))} />
        <p>{t('publicPages.terms.tax', values)}</p>
        <p>{t('publicPages.terms.noHiddenFees')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.terms.bookingTitle')}>
        <PolicyList items={[t('publicPages.terms.booking.request', values), t('publicPages.terms.booking.unavailable'), t('publicPages.terms.booking.area')]} />
      </PolicySection>

      <PolicySection title={t('publicPages.terms.paymentTitle')}>
        <PolicyList
          items={[t('publicPages.terms.payment.hold'), t('publicPages.terms.payment.capture'), t('publicPages.terms.payment.final'), t('publicPages.terms.payment.stripe')]}
        />
      </PolicySection>

      <PolicySection title={t('publicPages.terms.cancelTitle')}>
        <PolicyList
          items={[
            t('publicPages.terms.cancel.free', values),
            t('publicPages.terms.cancel.fee', values),
            t('publicPages.terms.cancel.full', values),
            t('publicPages.terms.cancel.reschedule', values),
          ]}
        />
        <Link to="/cancellations" className={policyLinkClass}>
          {t('publicPages.terms.cancelLink')}
        </Link>
      </PolicySection>

      <PolicySection title={t('publicPages.terms.refundTitle')}>
        <p>{t('publicPages.terms.refund', values)}</p>
        <Link to="/refunds" className={policyLinkClass}>
          {t('publicPages.terms.refundLink')}
        </Link>
      </PolicySection>

      <PolicySection title={t('publicPages.terms.yourPartTitle')}>
        <PolicyList
          items={[t('publicPages.terms.yourPart.adult'), t('publicPages.terms.yourPart.access'), t('publicPages.terms.yourPart.accurate'), t('publicPages.terms.yourPart.tv')]}
        />
      </PolicySection>

      <PolicySection title={t('publicPages.terms.workTitle')}>
        <PolicyList items={[t('publicPages.terms.work.quality'), t('publicPages.terms.work.insured'), t('publicPages.terms.work.limits'), t('publicPages.terms.work.cap')]} />
      </PolicySection>

      <PolicySection title={t('publicPages.terms.accountTitle')}>
        <p>{t('publicPages.terms.account')}</p>
        <Link to="/privacy" className={policyLinkClass}>
          {t('publicPages.terms.privacyLink')}
        </Link>
      </PolicySection>

      <PolicySection title={t('publicPages.terms.lawTitle')}>
        <p>{t('publicPages.terms.law')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.terms.changesTitle')}>
        <p>{t('publicPages.terms.changes')}</p>
      </PolicySection>
    </PolicyPage>
  );
}
