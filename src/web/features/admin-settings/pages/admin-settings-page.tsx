/**
 * /admin/settings (issue #12): admins edit what the business rules read — each service's price
 * and whether it is offered, the sales tax, the service-area ZIP codes, business hours by weekday
 * and the slot rules, the cancellation policy, the contact promise, the support contacts and the
 * completion limits and the job rules (issue #14: start window, shortest job, arrival window,
 * workers' share) — each section saved on its own with the version it was read at, and the
 * history of every change (who, when, old -> new). A save applies at once to the home page, the
 * booking flow, the policy pages and the slots; bookings already made keep their prices and policy
 * (docs/decisions/017-admin-settings.md). Admins only: others get the sign-in prompt or "access
 * denied". Phone first: one column, sections reached from the "Jump to" links. On top, this
 * admin's push notifications on this device (issue #15: new bookings, waiting chats).
 */
import { useTranslation } from 'react-i18next';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice, StaffGate } from '@/web/components/staff/staff-gate';
import { PushNotificationsCard } from '@/web/components/push/components/push-notifications-card';
import { useAdminSettings } from '../api/get-admin-settings';
import { HoursForm } from '../components/hours-form';
import { CancellationForm, CompletionLimitsForm, ContactPromiseForm, JobRulesForm, ServiceAreaForm, SupportForm, TaxForm } from '../components/section-forms';
import { ServicesSection } from '../components/service-price-form';
import { SettingsHistory } from '../components/settings-history';

const JUMPS = [
  ['services', 'services'],
  ['tax', 'tax'],
  ['service-area', 'serviceArea'],
  ['hours', 'hours'],
  ['cancellation', 'cancellation'],
  ['contact-promise', 'contactPromise'],
  ['support', 'support'],
  ['completion-limits', 'completionLimits'],
  ['job-rules', 'jobRules'],
  ['history', 'history'],
] as const;

export function Component() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:py-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('adminSettings.title')}</h1>
        <p className="text-slate-700">{t('adminSettings.intro')}</p>
      </header>
      <StaffGate role="admin">
        <PushNotificationsCard audience="admin" />
        <Settings />
      </StaffGate>
    </div>
  );
}

function Settings() {
  const { t } = useTranslation();
  const settings = useAdminSettings();
  if (settings.isPending) return <LoadingScreen />;
  if (settings.isError) return <QueryErrorNotice error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isFetching} title={t('adminSettings.loadFailed')} />;
  const { services, sections } = settings.data;
  return (
    <>
      <nav aria-label={t('adminSettings.jumpTo')}>
        <ul className="flex flex-wrap gap-2 text-sm">
          {JUMPS.map(([anchor, key]) => (
            <li key={anchor}>
              <a
                href={`#${anchor}`}
                className="inline-flex min-h-10 items-center rounded-md border border-slate-200 bg-white px-3 font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                {t(`adminSettings.sections.${key}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ServicesSection services={services} />
      <TaxForm state={sections.tax} />
      <ServiceAreaForm state={sections.serviceArea} />
      <HoursForm state={sections.hours} />
      <CancellationForm state={sections.cancellation} />
      <ContactPromiseForm state={sections.contactPromise} />
      <SupportForm state={sections.support} />
      <CompletionLimitsForm state={sections.completionLimits} />
      <JobRulesForm state={sections.jobRules} />
      <SettingsHistory />
    </>
  );
}
