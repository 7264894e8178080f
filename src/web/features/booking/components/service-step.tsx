/** Step 1, Service: the service from the page's address is preselected; any of the three can be chosen. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@/domain/format';
import { SERVICE_SLUGS, type ServiceSlug } from '@/domain/services';
import { FieldError } from '@/web/components/ui/field-error';
import type { PublicSettings } from '@/web/lib/public-settings';
import { isServiceActive, priceUnitOf, unitPricesFrom } from '../utils/prices';
import { StepActions } from './step-layout';

export interface ServiceStepProps {
  service: ServiceSlug;
  settings: PublicSettings | undefined;
  onSelect: (service: ServiceSlug) => void;
  onNext: () => void;
}

export function ServiceStep({ service, settings, onSelect, onNext }: ServiceStepProps) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const prices = unitPricesFrom(settings);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isServiceActive(service, settings)) return setError(t('errors.serviceUnavailable'));
    onNext();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <fieldset className="space-y-3" aria-describedby={error ? 'service-error' : undefined}>
        <legend className="sr-only">{t('booking.service.legend')}</legend>
        {SERVICE_SLUGS.map((slug) => {
          const active = isServiceActive(slug, settings);
          const unit = priceUnitOf(slug);
          return (
            <label
              key={slug}
              className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
            >
              <input
                type="radio"
                name="service"
                value={slug}
                checked={service === slug}
                disabled={!active}
                onChange={() => {
                  setError(null);
                  onSelect(slug);
                }}
                className="mt-1 h-4 w-4 accent-brand-600"
              />
              <span className="min-w-0 flex-1">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-semibold text-slate-900">{t(`services.${slug}.name`)}</span>
                  <span className="text-sm font-medium text-slate-800">
                    {t('booking.price.listed', { price: formatCents(prices[slug], i18n.language), per: t(`booking.price.per.${unit}`) })}
                  </span>
                </span>
                <span className="block text-sm text-slate-600">{t(`services.${slug}.description`)}</span>
                {!active && <span className="block text-sm font-medium text-slate-700">{t('booking.service.unavailable')}</span>}
              </span>
            </label>
          );
        })}
      </fieldset>
      <FieldError id="service-error" message={error} />
      <StepActions submitLabel={t('booking.actions.next')} />
    </form>
  );
}
