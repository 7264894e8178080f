/**
 * schema.org JSON-LD for the public pages (issue #12): the business (HomeAndConstructionBusiness
 * in Tampa, FL, with its area, phone, opening hours and price range) and its services with their
 * listed prices as offers, on the home page; one Service on its booking page; BlogPosting on a
 * post. Every number comes from the settings (SiteFacts); names and units from the locale files.
 * Prices are USD with two decimals ("45.00"), before tax.
 */
import type { TFunction } from 'i18next';
import type { BlogPost } from '../../../domain/blog-contract';
import { formatCents } from '../../../domain/format';
import type { ServiceSlug } from '../../../domain/services';
import { DEFAULT_SOCIAL_IMAGE, localizedPath, type SiteLanguage } from '../../../domain/site-pages';
import type { SiteFacts } from './site-facts';

type JsonLd = Record<string, unknown>;

export interface StructuredDataContext {
  /** The site's address (config.publicBaseUrl), no trailing slash. */
  base: string;
  language: SiteLanguage;
  t: TFunction;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** schema.org wants a unit code for hourly prices (UN/CEFACT "HUR"); jobs and rooms have none. */
const UNIT_CODES: Partial<Record<SiteFacts['services'][number]['pricingModel'], string>> = { per_hour: 'HUR' };

const businessId = (base: string) => `${base}/#business`;
const decimalPrice = (cents: number) => (cents / 100).toFixed(2);

/** "HH:MM" of minutes after midnight; the end of the day (1440) is 23:59, as schema.org writes it. */
function clock(minute: number): string {
  const m = Math.min(minute, 23 * 60 + 59);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Opening hours, days with the same hours together; closed days are left out. */
export function openingHours(weeklyHours: SiteFacts['weeklyHours']): JsonLd[] {
  const groups = new Map<string, { opens: string; closes: string; days: string[] }>();
  weeklyHours.forEach((hours, weekday) => {
    if (!hours) return;
    const opens = clock(hours.openMinute);
    const closes = clock(hours.closeMinute);
    const group = groups.get(`${opens}-${closes}`) ?? { opens, closes, days: [] };
    // Monday first, the way people read a week
    group.days.push(WEEKDAYS[weekday]!);
    groups.set(`${opens}-${closes}`, group);
  });
  const order = (day: string) => (WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]) + 6) % 7;
  return [...groups.values()].map(({ opens, closes, days }) => ({ '@type': 'OpeningHoursSpecification', dayOfWeek: days.sort((a, b) => order(a) - order(b)), opens, closes }));
}

function areaServed(t: TFunction): JsonLd[] {
  return [
    { '@type': 'City', name: 'Tampa', containedInPlace: { '@type': 'State', name: 'Florida' } },
    { '@type': 'AdministrativeArea', name: t('structuredData.areaServed.county') },
  ];
}

function serviceNode(service: SiteFacts['services'][number], { base, language, t }: StructuredDataContext): JsonLd {
  const url = `${base}${localizedPath(`/book/${service.slug}`, language)}`;
  const price = decimalPrice(service.unitPriceCents);
  const unitCode = UNIT_CODES[service.pricingModel];
  return {
    '@type': 'Service',
    '@id': `${base}/book/${service.slug}#service`,
    name: t(`services.${service.slug}.name`),
    serviceType: t(`services.${service.slug}.name`),
    description: t(`services.${service.slug}.description`),
    url,
    provider: { '@id': businessId(base) },
    areaServed: areaServed(t),
    offers: {
      '@type': 'Offer',
      url,
      price,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'USD',
        unitText: t(`structuredData.unit.${service.pricingModel}`),
        ...(unitCode ? { unitCode } : {}),
        valueAddedTaxIncluded: false,
      },
    },
  };
}

/**
 * The business and each active service with its offer (the home page). The price range runs
 * from the lowest to the highest listed unit price ("$35-$250").
 */
export function businessJsonLd(facts: SiteFacts, context: StructuredDataContext): JsonLd {
  const { base, language, t } = context;
  const active = facts.services.filter((s) => s.active);
  const prices = active.map((s) => s.unitPriceCents);
  const priceRange = prices.length ? `${formatCents(Math.min(...prices), 'en')}-${formatCents(Math.max(...prices), 'en')}` : undefined;
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'HomeAndConstructionBusiness',
        '@id': businessId(base),
        name: t('seo.siteName'),
        description: t('structuredData.defaultDescription'),
        url: `${base}${localizedPath('/', language)}`,
        image: `${base}${DEFAULT_SOCIAL_IMAGE}`,
        telephone: facts.supportPhone,
        ...(priceRange ? { priceRange } : {}),
        currenciesAccepted: 'USD',
        paymentAccepted: 'Credit Card',
        knowsLanguage: ['en', 'es'],
        address: { '@type': 'PostalAddress', addressLocality: 'Tampa', addressRegion: 'FL', addressCountry: 'US' },
        areaServed: areaServed(t),
        openingHoursSpecification: openingHours(facts.weeklyHours),
      },
      ...active.map((service) => serviceNode(service, context)),
    ],
  };
}

/** One service with its offer (its booking page). */
export function serviceJsonLd(facts: SiteFacts, slug: ServiceSlug, context: StructuredDataContext): JsonLd | null {
  const service = facts.services.find((s) => s.slug === slug);
  if (!service?.active) return null;
  return {
    '@context': 'https://schema.org',
    ...serviceNode(service, context),
    provider: { '@type': 'HomeAndConstructionBusiness', '@id': businessId(context.base), name: context.t('seo.siteName'), telephone: facts.supportPhone, url: `${context.base}/` },
  };
}

/** A blog post; `url` is its canonical address. */
export function blogPostingJsonLd(post: BlogPost, url: string, { base, t }: StructuredDataContext): JsonLd {
  const organization = { '@type': 'Organization', '@id': businessId(base), name: t('seo.siteName'), url: `${base}/` };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    inLanguage: post.language,
    datePublished: post.date,
    dateModified: post.updated ?? post.date,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: [`${base}${post.socialImage}`, `${base}${post.cover.src}`],
    author: organization,
    publisher: organization,
  };
}
