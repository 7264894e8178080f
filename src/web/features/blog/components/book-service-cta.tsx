/** The end of a post about a service: a short pitch and the link to that service's booking page. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceSlug } from '@/domain/services';
import { buttonVariants } from '@/web/components/ui/button';
import { useContactPromise, usePublicSettings } from '@/web/lib/public-settings';

/** Spec section 1: the team calls within 5-10 minutes of a booking (until the settings arrive). */

export function BookServiceCta({ service }: { service: ServiceSlug }) {
  const { t } = useTranslation();
  const { data } = usePublicSettings();
  const contact = useContactPromise();
  const offered = data?.services.find((s) => s.slug === service)?.active ?? true;
  if (!offered) return null;
  return (
    <aside aria-labelledby="blog-cta-title" className="mt-12 flex flex-col gap-3 rounded-xl bg-brand-50 p-6">
      <h2 id="blog-cta-title" className="text-xl font-semibold text-slate-900">
        {t('blog.cta.title')}
      </h2>
      <p className="text-slate-700">{t('blog.cta.body', contact)}</p>
      <Link to={`/book/${service}`} className={`${buttonVariants({ size: 'lg' })} self-start`}>
        {t(`services.${service}.book`)}
      </Link>
    </aside>
  );
}
