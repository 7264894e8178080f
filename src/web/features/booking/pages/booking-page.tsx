/**
 * The booking page, at /book/:slug and /services/:slug/book. A slug that names no service shows
 * the not-found message. Each service page keeps its own draft (the flow remounts per slug).
 * Its title and description name the service and its price (issue #12).
 */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { bookingDescriptionValues } from '@/domain/page-texts';
import { pageTitle } from '@/domain/page-title';
import { DEFAULT_SERVICES, isServiceSlug, type ServiceSlug } from '@/domain/services';
import { NotFoundContent } from '@/web/components/errors/not-found-content';
import { PageHead } from '@/web/components/seo/page-head';
import { useContactPromise, usePublicSettings } from '@/web/lib/public-settings';
import { BookingFlow } from '../components/booking-flow';

export function Component() {
  const { slug = '' } = useParams();
  if (!isServiceSlug(slug)) return <NotFoundContent />;
  return (
    <>
      <BookingHead slug={slug} />
      <BookingFlow key={slug} slug={slug} />
    </>
  );
}

/** The title and description the server also sends (`seo.booking.*`), with the service's listed price. */
function BookingHead({ slug }: { slug: ServiceSlug }) {
  const { t, i18n } = useTranslation();
  const { data: settings } = usePublicSettings();
  const price = (settings?.services ?? DEFAULT_SERVICES).find((s) => s.slug === slug)?.unitPriceCents ?? 0;
  const contactPromise = useContactPromise();
  const values = bookingDescriptionValues(price, contactPromise, i18n.language);
  return <PageHead title={pageTitle(t('seo.booking.title', { service: t(`services.${slug}.name`) }), t)} description={t(`seo.booking.description.${slug}`, values)} />;
}
