/**
 * "Prices and services": each service's listed price (dollars, before tax) and whether customers
 * can book it, saved one service at a time (PUT /api/admin/settings/services/{slug}).
 */
import { useTranslation } from 'react-i18next';
import type { ServiceSettingState } from '@/domain/settings-contract';
import { FormField } from '@/web/components/ui/form-field';
import { useSaveService } from '../api/save-settings';
import { fieldMessage, useSectionForm } from '../hooks/use-section-form';
import { serviceForm } from '../utils/forms';
import { SaveBar } from './save-bar';
import { LastSaved, SectionCard } from './section-card';

export function ServicesSection({ services }: { services: ServiceSettingState[] }) {
  const { t } = useTranslation();
  return (
    <SectionCard id="services" title={t('adminSettings.sections.services')} description={t('adminSettings.descriptions.services')}>
      <ul className="flex flex-col gap-4">
        {services.map((service) => (
          <li key={service.slug} className="rounded-lg border border-slate-200 p-4">
            <ServicePriceForm service={service} />
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

function ServicePriceForm({ service }: { service: ServiceSettingState }) {
  const { t } = useTranslation();
  const name = t(`services.${service.slug}.name`);
  const controller = useSectionForm({ form: serviceForm, state: service, save: useSaveService(service.slug), name });
  const {
    register,
    formState: { errors },
  } = controller.form;
  const id = `service-${service.slug}`;
  return (
    <form noValidate onSubmit={controller.onSubmit} className="flex flex-col gap-3" aria-labelledby={`${id}-name`}>
      <div>
        <h3 id={`${id}-name`} className="text-lg font-semibold text-slate-900">
          {name}
        </h3>
        <LastSaved state={service} />
      </div>
      <FormField
        id={`${id}-price`}
        label={t('adminSettings.service.price')}
        hint={t(`adminSettings.service.priceHint.${service.pricingModel}`)}
        inputMode="decimal"
        autoComplete="off"
        className="h-12 sm:max-w-48"
        registration={register('unitPriceCents')}
        error={fieldMessage(t, errors.unitPriceCents)}
      />
      <label className="flex min-h-12 items-center gap-3 text-base text-slate-900">
        <input type="checkbox" className="h-5 w-5" {...register('active')} />
        {t('adminSettings.service.active')}
      </label>
      {controller.form.watch('active') ? null : <p className="text-sm text-amber-800">{t('adminSettings.service.paused')}</p>}
      <SaveBar
        name={name}
        saving={controller.saving}
        conflict={controller.conflict}
        conflictBase={controller.conflictBase}
        onLoadTheirs={controller.loadTheirs}
        fieldsRefused={controller.fieldsRefused}
        otherError={controller.otherError}
      />
    </form>
  );
}
