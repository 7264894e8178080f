/** Options & Details for TV installation: screen size, bracket (one at most), and the two acknowledgements. */
import { useTranslation } from 'react-i18next';
import { SCREEN_SIZES, TV_BRACKETS, tvOptionsSchema, type TvOptions } from '@/domain/booking-options';
import { useMessageText } from '../hooks/use-message-text';
import { useStepForm, type OptionsFormProps } from '../hooks/use-step-form';
import type { TvOptionValues } from '../utils/option-values';
import { CheckboxField, ChoiceGroup } from './fields';
import { StepActions } from './step-layout';

export function TvOptionsForm({ onSubmit, onBack, ...formOptions }: OptionsFormProps<TvOptionValues, TvOptions>) {
  const { t } = useTranslation();
  const text = useMessageText();
  const { register, handleSubmit, formState: { errors } } = useStepForm<TvOptionValues, TvOptions>(tvOptionsSchema, formOptions);

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-6">
      <ChoiceGroup
        id="tv-screen-size"
        label={t('booking.tv.screenSize.label')}
        registration={register('screenSize')}
        error={text(errors.screenSize?.message)}
        options={SCREEN_SIZES.map((size) => ({ value: size, label: t(`booking.tv.screenSize.options.${size}`) }))}
      />
      <ChoiceGroup
        id="tv-bracket"
        label={t('booking.tv.bracket.label')}
        hint={t('booking.tv.bracket.hint')}
        registration={register('bracket')}
        error={text(errors.bracket?.message)}
        options={TV_BRACKETS.map((bracket) => ({
          value: bracket,
          label: t(`booking.tv.bracket.options.${bracket}`),
          description: t(`booking.tv.bracket.descriptions.${bracket}`),
        }))}
      />
      <CheckboxField
        id="tv-wall-risk"
        label={t('booking.tv.wallRisk')}
        registration={register('wallRiskAccepted')}
        error={text(errors.wallRiskAccepted?.message)}
      />
      <CheckboxField
        id="tv-limitations"
        label={t('booking.tv.limitations')}
        registration={register('limitationsAcknowledged')}
        error={text(errors.limitationsAcknowledged?.message)}
      />
      <StepActions onBack={onBack} submitLabel={t('booking.actions.next')} />
    </form>
  );
}
