/**
 * The home page: the same-day promise for Tampa Bay, the three services with their listed
 * prices (plus tax) and a Book link each, and the marketing promises of spec section 1.
 *
 * Kept light on purpose (the home route's first load stays under 100 KB of JS gzip): no form,
 * schema or date libraries, icons imported one by one. Cards render at once with the default
 * prices of DEFAULT_SERVICES and switch to the server's prices when the settings arrive.
 */
import BadgeCheck from 'lucide-react/icons/badge-check';
import Clock from 'lucide-react/icons/clock';
import CreditCard from 'lucide-react/icons/credit-card';
import PaintRoller from 'lucide-react/icons/paint-roller';
import Phone from 'lucide-react/icons/phone';
import Receipt from 'lucide-react/icons/receipt';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sofa from 'lucide-react/icons/sofa';
import Tv from 'lucide-react/icons/tv';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '@/domain/format';
import { homeDescriptionValues } from '@/domain/page-texts';
import { DEFAULT_SERVICES, type PricingModel, type ServiceSlug } from '@/domain/services';
import { PageHead } from '@/web/components/seo/page-head';
import { buttonVariants } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { formatPhoneForDisplay, telHref, useContactPromise, usePublicSettings, useSupportContacts } from '@/web/lib/public-settings';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const SERVICE_ICONS: Record<ServiceSlug, Icon> = {
  'tv-installation': Tv,
  'furniture-assembly': Sofa,
  painting: PaintRoller,
};

const UNIT_KEYS: Record<PricingModel, string> = {
  per_job: 'common.perJob',
  per_hour: 'common.perHour',
  per_room: 'common.perRoom',
};

/** Extra lines under a service's price (spec section 1). */
const SERVICE_NOTES: Record<ServiceSlug, string[]> = {
  'tv-installation': [],
  'furniture-assembly': ['services.furniture-assembly.note'],
  painting: ['services.painting.roomDefinition', 'services.painting.paintPolicy'],
};

const PROMISES: { key: string; icon: Icon }[] = [
  { key: 'fastContact', icon: Clock },
  { key: 'noHiddenFees', icon: Receipt },
  { key: 'licensed', icon: ShieldCheck },
  { key: 'securePayments', icon: CreditCard },
];

const STEPS = ['choose', 'hold', 'call'] as const;

export function Component() {
  return (
    <>
      <HomeHead />
      <Hero />
      <ServiceList />
      <Promises />
      <HowItWorks />
    </>
  );
}

/** The title and description the server also sends (`seo.home.*`), with the listed prices and the call-back promise. */
function HomeHead() {
  const { t, i18n } = useTranslation();
  const { data: settings } = usePublicSettings();
  const contactPromise = useContactPromise();
  const values = homeDescriptionValues(settings?.services ?? DEFAULT_SERVICES, contactPromise, i18n.language);
  return <PageHead title={t('seo.home.title')} description={t('seo.home.description', values)} />;
}

function Hero() {
  const { t } = useTranslation();
  const promise = useContactPromise();
  const { phone } = useSupportContacts();
  return (
    <section aria-labelledby="home-title" className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 px-4 py-12 sm:py-16">
        <p className="inline-flex items-center gap-2 self-start rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm">
          <Clock aria-hidden="true" className="h-4 w-4" />
          {t('home.hero.badge', promise)}
        </p>
        <h1 id="home-title" className="max-w-3xl text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
          {t('home.hero.title')}
        </h1>
        <p className="max-w-2xl text-lg text-slate-700">{t('home.hero.subtitle', promise)}</p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <a href="#services" className={buttonVariants({ size: 'lg' })}>
            {t('home.hero.seeServices')}
          </a>
          <a href={telHref(phone)} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
            <Phone aria-hidden="true" className="h-4 w-4" />
            {t('home.hero.call', { phone: formatPhoneForDisplay(phone) })}
          </a>
        </div>
      </div>
    </section>
  );
}

function ServiceList() {
  const { t, i18n } = useTranslation();
  const { data: settings } = usePublicSettings();
  const services = DEFAULT_SERVICES.map((fallback) => {
    const fromServer = settings?.services.find((service) => service.slug === fallback.slug);
    return fromServer ?? { ...fallback, active: true };
  });

  return (
    <section id="services" aria-labelledby="services-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="services-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('home.services.title')}
      </h2>
      <p className="mt-2 text-slate-700">{t('home.services.subtitle')}</p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {services.map((service) => {
          const ServiceIcon = SERVICE_ICONS[service.slug];
          const name = t(`services.${service.slug}.name`);
          return (
            <li key={service.slug}>
              <Card className="flex h-full flex-col gap-4 p-5">
                <div className="flex items-center gap-3">
                  <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                    <ServiceIcon aria-hidden="true" className="h-6 w-6" />
                  </span>
                  <h3 className="text-lg font-semibold text-slate-900">{name}</h3>
                </div>
                <p className="text-slate-700">{t(`services.${service.slug}.description`)}</p>
                <p className="flex flex-wrap items-baseline gap-x-1.5">
                  <span className="text-3xl font-bold text-slate-900">{formatCents(service.unitPriceCents, i18n.language)}</span>
                  <span className="font-medium text-slate-800">{t(UNIT_KEYS[service.pricingModel])}</span>
                  <span className="text-sm text-slate-600">{t('common.plusTax')}</span>
                </p>
                {SERVICE_NOTES[service.slug].length > 0 ? (
                  <ul className="flex flex-col gap-1.5 text-sm text-slate-700">
                    {SERVICE_NOTES[service.slug].map((noteKey) => (
                      <li key={noteKey} className="flex gap-2">
                        <BadgeCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
                        <span>{t(noteKey)}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
                <div className="mt-auto pt-2">
                  {service.active ? (
                    <Link to={`/book/${service.slug}`} className={cn(buttonVariants({ size: 'lg' }), 'w-full')}>
                      {t(`services.${service.slug}.book`)}
                    </Link>
                  ) : (
                    <p className="rounded-md bg-slate-100 px-3 py-2 text-center text-sm font-medium text-slate-700">
                      {t('errors.serviceUnavailable')}
                    </p>
                  )}
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Promises() {
  const { t } = useTranslation();
  const promise = useContactPromise();
  return (
    <section aria-labelledby="promises-title" className="bg-white">
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="promises-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {t('home.promises.title')}
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PROMISES.map(({ key, icon: PromiseIcon }) => (
            <li key={key} className="flex flex-col gap-2">
              <PromiseIcon aria-hidden="true" className="h-7 w-7 text-brand-600" />
              <h3 className="font-semibold text-slate-900">{t(`home.promises.${key}.title`, promise)}</h3>
              <p className="text-sm text-slate-700">{t(`home.promises.${key}.body`, promise)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation();
  const promise = useContactPromise();
  return (
    <section aria-labelledby="how-title" className="mx-auto max-w-6xl px-4 py-12">
      <h2 id="how-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('home.how.title')}
      </h2>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-5">
            <span aria-hidden="true" className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h3 className="font-semibold text-slate-900">{t(`home.how.${step}.title`)}</h3>
              <p className="mt-1 text-sm text-slate-700">{t(`home.how.${step}.body`, promise)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
