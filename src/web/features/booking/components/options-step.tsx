/** Step 2, Options & Details: the chosen service's own form, each keeping its values in the draft. */
import type { BookingOptions } from '@/domain/booking-options';
import type { DraftUpdate } from '../hooks/use-booking-draft';
import type { OptionValues, OptionValuesByService } from '../utils/option-values';
import { FurnitureOptionsForm } from './furniture-options-form';
import { PaintingOptionsForm } from './painting-options-form';
import { TvOptionsForm } from './tv-options-form';

export interface OptionsStepProps {
  options: OptionValuesByService;
  service: keyof OptionValuesByService;
  update: (change: DraftUpdate) => void;
  onSubmit: (options: BookingOptions) => void;
  onBack: () => void;
  /** Errors the API reported, keyed by option name ("screenSize"). */
  serverErrors?: Record<string, string>;
}

export function OptionsStep({ options, service, update, onSubmit, onBack, serverErrors }: OptionsStepProps) {
  const onChange = (values: OptionValues) =>
    update((draft) => ({ options: { ...draft.options, [values.service]: values } as OptionValuesByService }));
  const common = { onChange, onSubmit, onBack, serverErrors };
  switch (service) {
    case 'tv-installation':
      return <TvOptionsForm values={options['tv-installation']} {...common} />;
    case 'furniture-assembly':
      return <FurnitureOptionsForm values={options['furniture-assembly']} {...common} />;
    case 'painting':
      return <PaintingOptionsForm values={options.painting} {...common} />;
  }
}
