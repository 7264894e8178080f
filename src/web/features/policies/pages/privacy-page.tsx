/**
 * /privacy: what is stored (account, addresses, bookings, chats, cards, analytics, error logs),
 * why, the processors (Stripe, the SMTP email provider, Twilio, Google Maps Places, Sentry when
 * configured, our own analytics plus Google Analytics when configured, Google sign-in), what the
 * browser keeps, how long data is kept, and how to delete the account (Settings > Account
 * Security > Delete account). The support email comes from the public settings.
 */
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PolicyList, PolicyPage, PolicySection, policyLinkClass } from '../components/policy-page';
import { usePolicyFacts } from '../hooks/use-policy-facts';

export function Component() {
  const { t } = useTranslation();
  const { values } = usePolicyFacts();

  return (
    <PolicyPage page="privacy" title={t('publicPages.privacy.title')} summary={t('publicPages.privacy.summary')}>
      <PolicySection title={t('publicPages.privacy.storedTitle')}>
        <PolicyList
          items={[
            t('publicPages.privacy.stored.account'),
            t('publicPages.privacy.stored.addresses'),
            t('publicPages.privacy.stored.bookings'),
            t('publicPages.privacy.stored.chats'),
            t('publicPages.privacy.stored.payments'),
            t('publicPages.privacy.stored.analytics'),
            t('publicPages.privacy.stored.errors'),
          ]}
        />
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.useTitle')}>
        <PolicyList
          items={[t('publicPages.privacy.use.bookings'), t('publicPages.privacy.use.messages'), t('publicPages.privacy.use.improve'), t('publicPages.privacy.use.legal')]}
        />
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.processorsTitle')}>
        <p>{t('publicPages.privacy.processorsIntro')}</p>
        <PolicyList
          items={[
            t('publicPages.privacy.processors.stripe'),
            t('publicPages.privacy.processors.email'),
            t('publicPages.privacy.processors.sms'),
            t('publicPages.privacy.processors.maps'),
            t('publicPages.privacy.processors.sentry'),
            t('publicPages.privacy.processors.analytics'),
            t('publicPages.privacy.processors.googleSignIn'),
          ]}
        />
        <p>{t('publicPages.privacy.noSale')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.storageTitle')}>
        <p>{t('publicPages.privacy.storage')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.keepTitle')}>
        <p>{t('publicPages.privacy.keep')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.deleteTitle')}>
        <p>
          <Trans i18nKey="publicPages.privacy.delete" components={{ settingsLink: <Link to="/settings" className={policyLinkClass} /> }} />
        </p>
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.choicesTitle')}>
        <PolicyList items={[t('publicPages.privacy.choices.correct'), t('publicPages.privacy.choices.copy', values)]} />
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.securityTitle')}>
        <p>{t('publicPages.privacy.security')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.childrenTitle')}>
        <p>{t('publicPages.privacy.children')}</p>
      </PolicySection>

      <PolicySection title={t('publicPages.privacy.changesTitle')}>
        <p>{t('publicPages.privacy.changes')}</p>
      </PolicySection>
    </PolicyPage>
  );
}
