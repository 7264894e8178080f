/** Options & Details for painting: rooms, optional colour code, and who supplies the paint. */
import { useTranslation } from 'react-i18next';
import { PAINT_SUPPLIERS, PAINTING_MAX_ROOMS, paintingOptionsSchema, type PaintingOptions } from '@/domain/booking-options';
import { useMessageText } from '../hooks/use-message-text';
import { useStepForm, type OptionsFormProps } from '../hooks/use-step-form';
import type { PaintingOptionValues } from '../utils/option-values';
import { ChoiceGroup, SelectField, TextField } from './fields';
import { StepActions } from './step-layout';

const ROOMS = Array.from({ length: PAINTING_MAX_ROOMS }, (_, i) => i + 1);

export function PaintingOptionsForm({ onSubmit, onBack, ...formOptions }: OptionsFormProps<PaintingOptionValues, PaintingOptions>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { register, handleSubmit, formState: { errors } } = useStepForm<PaintingOptionValues, PaintingOptions>(paintingOptionsSchema, formOptions);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-6">
      <SelectField
        id="painting-rooms"
        label={t('booking.painting.rooms.label')}
        hint={t('booking.painting.rooms.hint')}
        registration={register('rooms', { valueAsNumber: true })}
        error={text(errors.rooms?.message)}
        options={ROOMS.map((rooms) => ({ value: rooms, label: t('booking.painting.rooms.option', { count: rooms }) }))}
      />
      <TextField
        id="painting-color-code"
        label={t('booking.painting.colorCode.label')}
        hint={t('booking.painting.colorCode.hint')}
        optional
        autoComplete="off"
        registration={register('colorCode')}
        error={text(errors.colorCode?.message)}
      />
      <ChoiceGroup
        id="painting-supplier"
        label={t('booking.painting.supplier.label')}
        registration={register('paintSupplier')}
        error={text(errors.paintSupplier?.message)}
        options={PAINT_SUPPLIERS.map((supplier) => ({
          value: supplier,
          label: t(`booking.painting.supplier.options.${supplier}`),
          description: t(`booking.painting.supplier.descriptions.${supplier}`),
        }))}
      />
      <StepActions onBack={onBack} submitLabel={t('booking.actions.next')} />
    </form>
  );
}
