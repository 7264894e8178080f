/**
 * /about: who the business is (a local, licensed and insured handyman team for Tampa Bay),
 * what it does at which listed price (plus tax), where it works (Tampa and Hillsborough County, where the default
 * service-area ZIP codes are), how booking works (a card hold, the call-back within the promised minutes,
 * the charge after the job) and how to join the team. Prices, tax and the call-back promise come
 * from the public settings (usePolicyFacts).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceSlug } from '@/domain/services';
import { PolicyList, PolicyPage, PolicySection, policyLinkClass } from '../components/policy-page';
import { usePolicyFacts } from '../hooks/use-policy-facts';

const SERVICE_LINES: Record<ServiceSlug, string> = {
  'tv-installation': 'publicPages.about.services.tv',
  'furniture-assembly': 'publicPages.about.services.furniture',
  painting: 'publicPages.about.services.painting',
};

export function Component() {
  const { t } = useTranslation();
  const { values, services } = usePolicyFacts();

  return (
    <PolicyPage page="about" title={t('publicPages.about.title')} summary={t('publicPages.about.summary', values)}>
      <PolicySection title={t('publicPages.about.servicesTitle')}>
        <PolicyList items={services.map((service) => t(SERVICE_LINES[service.slug], { price: service.price }))} />
        <p>{t('publicPages.about.tax', values)}</p>
        <Link to="/" className={policyLinkClass}>
          {t('publicPages.about.bookLink')}
        </Link>
      </PolicySection>

      <PolicySection title={t('publicPages.about.areaTitle')}>
        <p>{t('publicPages.about.area')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.about.howTitle')}>
        <PolicyList
          ordered
          items={[t('publicPages.about.how.choose'), t('publicPages.about.how.hold'), t('publicPages.about.how.call', values), t('publicPages.about.how.charge')]}
        />
      </PolicySection>

      <PolicySection title={t('publicPages.about.promisesTitle')}>
        <PolicyList
          items={[
            t('publicPages.about.promises.licensed'),
            t('publicPages.about.promises.noHiddenFees'),
            t('publicPages.about.promises.secure'),
            t('publicPages.about.promises.contact', values),
            t('publicPages.about.promises.languages'),
          ]}
        />
      </PolicySection>

      <PolicySection title={t('publicPages.about.joinTitle')}>
        <p>{t('publicPages.about.join')}</p>
        <Link to="/worker/enroll" className={policyLinkClass}>
          {t('publicPages.about.joinLink')}
        </Link>
      </PolicySection>
    </PolicyPage>
  );
}
