/**
 * The worker application form: full name, phone, services, years of experience, Tampa areas
 * served, availability, licence/insurance, and an optional photo of a licence or insurance
 * document. The server validates (src/domain/worker-applications.ts); its translated field
 * messages show under each field.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SERVICE_SLUGS, type ServiceSlug } from '@/domain/services';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { ApiError } from '@/web/lib/api-client';
import { useSubmitApplication } from '../api/submit-application';

const textareaClass =
  'w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 aria-[invalid=true]:border-red-600 sm:text-sm';

export function ApplicationForm({ defaultName }: { defaultName: string }) {
  const { t } = useTranslation();
  const submit = useSubmitApplication();
  const [services, setServices] = useState<ServiceSlug[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const errors = submit.error instanceof ApiError ? (submit.error.details ?? {}) : {};

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const years = text('yearsExperience').trim();
    submit.mutate({
      input: {
        fullName: text('fullName'),
        phone: text('phone'),
        services,
        yearsExperience: years === '' ? Number.NaN : Number(years),
        areasServed: text('areasServed'),
        availabilitySummary: text('availabilitySummary'),
        licenceInsurance: text('licenceInsurance'),
      },
      file,
    });
  }

  const field = (name: string) => ({ id: `enroll-${name}`, name, 'aria-invalid': Boolean(errors[name]) || undefined, 'aria-describedby': errors[name] ? `enroll-${name}-error` : undefined });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor="enroll-fullName">{t('people.enroll.fullName')}</Label>
        <Input {...field('fullName')} autoComplete="name" defaultValue={defaultName} />
        <FieldError id="enroll-fullName-error" message={errors.fullName} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="enroll-phone">{t('people.enroll.phone')}</Label>
        <Input {...field('phone')} type="tel" autoComplete="tel" placeholder="(813) 555-0123" />
        <FieldError id="enroll-phone-error" message={errors.phone} />
      </div>
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.services ? 'enroll-services-error' : undefined}>
        <legend className="text-sm font-medium text-slate-800">{t('people.enroll.services')}</legend>
        {SERVICE_SLUGS.map((slug) => (
          <label key={slug} className="flex min-h-10 items-center gap-2 text-slate-900">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={services.includes(slug)}
              onChange={(e) => setServices((current) => (e.target.checked ? [...current, slug] : current.filter((s) => s !== slug)))}
            />
            {t(`services.${slug}.name`)}
          </label>
        ))}
        <FieldError id="enroll-services-error" message={errors.services} />
      </fieldset>
      <div className="flex flex-col gap-1">
        <Label htmlFor="enroll-yearsExperience">{t('people.enroll.years')}</Label>
        <Input {...field('yearsExperience')} type="number" inputMode="numeric" min={0} max={70} className="max-w-32" />
        <FieldError id="enroll-yearsExperience-error" message={errors.yearsExperience} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="enroll-areasServed">{t('people.enroll.areas')}</Label>
        <p className="text-sm text-slate-600">{t('people.enroll.areasHint')}</p>
        <textarea {...field('areasServed')} rows={2} className={textareaClass} />
        <FieldError id="enroll-areasServed-error" message={errors.areasServed} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="enroll-availabilitySummary">{t('people.enroll.availability')}</Label>
        <p className="text-sm text-slate-600">{t('people.enroll.availabilityHint')}</p>
        <textarea {...field('availabilitySummary')} rows={2} className={textareaClass} />
        <FieldError id="enroll-availabilitySummary-error" message={errors.availabilitySummary} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="enroll-licenceInsurance">{t('people.enroll.licence')}</Label>
        <p className="text-sm text-slate-600">{t('people.enroll.licenceHint')}</p>
        <textarea {...field('licenceInsurance')} rows={3} className={textareaClass} />
        <FieldError id="enroll-licenceInsurance-error" message={errors.licenceInsurance} />
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="enroll-document">{t('people.enroll.document')}</Label>
        <p className="text-sm text-slate-600">{t('people.enroll.documentHint')}</p>
        <input id="enroll-document" type="file" accept="image/*" onChange={(e) => setFile(e.target.files?.[0] ?? null)} className="text-sm" />
        <FieldError message={errors.file ?? errors.uploadId} />
      </div>
      {submit.error ? <ApiErrorAlert error={submit.error} /> : null}
      <Button type="submit" size="lg" disabled={submit.isPending} className="self-start">
        {submit.isPending ? t('people.enroll.submitting') : t('people.enroll.submit')}
      </Button>
    </form>
  );
}
