/** Options & Details for furniture assembly: what to assemble (name, link or photo: at least one) and the estimated hours. */
import { useTranslation } from 'react-i18next';
import { FURNITURE_MAX_HOURS, FURNITURE_MIN_HOURS, furnitureOptionsSchema, type FurnitureOptions } from '@/domain/booking-options';
import { useUploadPhoto } from '../api/upload-photo';
import { useMessageText } from '../hooks/use-message-text';
import { useStepForm, type OptionsFormProps } from '../hooks/use-step-form';
import type { FurnitureOptionValues } from '../utils/option-values';
import { SelectField, TextField } from './fields';
import { PhotoUploadField } from './photo-upload-field';
import { StepActions } from './step-layout';

const HOURS = Array.from({ length: FURNITURE_MAX_HOURS - FURNITURE_MIN_HOURS + 1 }, (_, i) => FURNITURE_MIN_HOURS + i);

export function FurnitureOptionsForm({ onSubmit, onBack, ...formOptions }: OptionsFormProps<FurnitureOptionValues, FurnitureOptions>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const upload = useUploadPhoto();
  const { register, handleSubmit, setValue, trigger, watch, formState: { errors, isSubmitted } } =
    useStepForm<FurnitureOptionValues, FurnitureOptions>(furnitureOptionsSchema, formOptions);

  function setPhoto(photo: { id: string; name: string } | null) {
    setValue('photoUploadId', photo?.id, { shouldDirty: true });
    setValue('photoName', photo?.name, { shouldDirty: true });
    if (isSubmitted) void trigger();
  }

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-6">
      <fieldset className="space-y-4" aria-describedby="furniture-details-hint">
        <legend className="text-base font-semibold text-slate-900">{t('booking.furniture.details.legend')}</legend>
        <p id="furniture-details-hint" className="text-sm text-slate-600">{t('booking.furniture.details.hint')}</p>
        <TextField
          id="furniture-product-name"
          label={t('booking.furniture.productName.label')}
          placeholder={t('booking.furniture.productName.placeholder')}
          autoComplete="off"
          registration={register('productName')}
          error={text(errors.productName?.message)}
        />
        <TextField
          id="furniture-product-url"
          type="url"
          inputMode="url"
          label={t('booking.furniture.productUrl.label')}
          placeholder="https://"
          registration={register('productUrl')}
          error={text(errors.productUrl?.message)}
        />
        <PhotoUploadField id="furniture-photo" uploadId={watch('photoUploadId')} fileName={watch('photoName')} upload={upload} onChange={setPhoto} />
        {errors.photoUploadId && <p className="text-sm font-medium text-red-700" role="alert">{text(errors.photoUploadId.message)}</p>}
      </fieldset>
      <SelectField
        id="furniture-hours"
        label={t('booking.furniture.hours.label')}
        hint={t('booking.furniture.hours.hint')}
        registration={register('estimatedHours', { valueAsNumber: true })}
        error={text(errors.estimatedHours?.message)}
        options={HOURS.map((hours) => ({ value: hours, label: t('booking.furniture.hours.option', { count: hours }) }))}
      />
      <StepActions
        onBack={onBack}
        submitLabel={t('booking.actions.next')}
        busy={upload.isPending}
        busyLabel={t('booking.furniture.photo.uploading')}
      />
    </form>
  );
}
