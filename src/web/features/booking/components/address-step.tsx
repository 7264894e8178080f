/**
 * Step 4, Address & Schedule: the job address, the phone we call within 5-10 minutes, and notes
 * for the technician, checked with the domain schemas; the ZIP must be inside the service area
 * (public settings) before the customer moves on. Shows the chosen time to confirm the schedule.
 * A signed-in customer's saved addresses are offered first; arriving with no street typed, the
 * default one is filled in. A new address can be kept with the booking ("Save this address",
 * checked until the customer has a saved address; the server saves it once, deduplicated).
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formatTampaDateTime } from '@/domain/format';
import { isInServiceArea } from '@/domain/service-area';
import { Button } from '@/web/components/ui/button';
import { useContactPromise } from '@/web/lib/public-settings';
import { usePlacesAutocomplete, withInputRef } from '@/web/lib/use-places-autocomplete';
import type { SavedAddressView } from '@/domain/saved-details';
import type { AddressValues } from '../hooks/use-booking-draft';
import { useMessageText } from '../hooks/use-message-text';
import { useStepForm, type StepFormOptions } from '../hooks/use-step-form';
import { addressStepSchema } from '../utils/address-step-schema';
import { TextAreaField, TextField } from './fields';
import { SavedAddressPicker, isSameAddress } from './saved-address-picker';
import { StepActions } from './step-layout';

export interface AddressStepValues {
  address: AddressValues;
  contactPhone: string;
  notes: string;
  /** "Save this address"; null until the customer touches the box. */
  saveAddress: boolean | null;
}

export interface AddressStepProps extends StepFormOptions<AddressStepValues> {
  startAt: string | null;
  serviceAreaZips: readonly string[];
  /** The signed-in customer's saved addresses, default first (none when signed out). */
  savedAddresses?: SavedAddressView[];
  onChangeTime: () => void;
  onSubmit: () => void;
  onBack: () => void;
}

export function AddressStep({ startAt, serviceAreaZips, savedAddresses = [], onChangeTime, onSubmit, onBack, ...formOptions }: AddressStepProps) {
  const { t, i18n } = useTranslation();
  const promise = useContactPromise();
  const text = useMessageText();
  const { register, handleSubmit, setError, setValue, clearErrors, watch, getValues, formState: { errors } } =
    useStepForm<AddressStepValues, z.output<typeof addressStepSchema>>(addressStepSchema, formOptions);
  const streetInput = useRef<HTMLInputElement | null>(null);

  const fillAddress = (address: AddressValues) => {
    for (const field of ['street', 'unit', 'city', 'state', 'zip'] as const) setValue(`address.${field}`, address[field], { shouldDirty: true });
    clearErrors('address');
  };
  const chooseSaved = (saved: SavedAddressView | null) => {
    if (saved) return fillAddress({ ...saved, unit: saved.unit ?? '' });
    fillAddress({ street: '', unit: '', city: 'Tampa', state: 'FL', zip: '' });
    streetInput.current?.focus();
  };
  // Arriving with nothing typed: start from the default saved address (once, when they load).
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || savedAddresses.length === 0) return;
    prefilled.current = true;
    if (!getValues('address.street').trim()) chooseSaved(savedAddresses.find((a) => a.is_default) ?? savedAddresses[0]);
  }, [savedAddresses]);
  const currentAddress = watch('address');
  const selectedSavedId = savedAddresses.find((saved) => isSameAddress(saved, currentAddress))?.id ?? null;
  // Checked by default for the first address only; an address already saved has nothing to save.
  const saveAddressChecked = watch('saveAddress') ?? savedAddresses.length === 0;
  const offerSaveAddress = selectedSavedId === null;
  // A chosen Google Places suggestion fills the address (the unit stays as typed).
  usePlacesAutocomplete(streetInput, (place) => {
    for (const field of ['street', 'city', 'state', 'zip'] as const) {
      if (place[field]) setValue(`address.${field}`, place[field], { shouldValidate: true, shouldDirty: true });
    }
  });

  const submit = handleSubmit(({ address }) => {
    if (!isInServiceArea(address.zip, serviceAreaZips)) {
      // the type names the rule for the funnel's analytics (the message is already translated)
      setError('address.zip', { type: 'validation.outsideServiceArea', message: t('validation.outsideServiceArea', { zip: address.zip }) }, { shouldFocus: true });
      return;
    }
    // The box's default becomes the customer's answer, so the booking carries what they saw.
    setValue('saveAddress', offerSaveAddress && saveAddressChecked);
    onSubmit();
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      {startAt && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm">
          <p>
            <span className="font-medium">{t('booking.address.scheduledFor')}</span> {formatTampaDateTime(startAt, i18n.language)}
          </p>
          <Button variant="link" size="sm" className="h-auto px-0" onClick={onChangeTime}>
            {t('booking.address.changeTime')}
          </Button>
        </div>
      )}
      {savedAddresses.length > 0 && <SavedAddressPicker addresses={savedAddresses} selectedId={selectedSavedId} onSelect={chooseSaved} />}
      <fieldset className="grid gap-4 sm:grid-cols-6">
        <legend className="mb-3 text-base font-semibold text-slate-900">{t('booking.address.legend')}</legend>
        <TextField
          id="address-street" className="sm:col-span-4" autoComplete="address-line1"
          label={t('booking.address.street')} registration={withInputRef(register('address.street'), streetInput)} error={text(errors.address?.street?.message)}
        />
        <TextField
          id="address-unit" className="sm:col-span-2" autoComplete="address-line2" optional
          label={t('booking.address.unit')} registration={register('address.unit')} error={text(errors.address?.unit?.message)}
        />
        <TextField
          id="address-city" className="sm:col-span-3" autoComplete="address-level2"
          label={t('booking.address.city')} registration={register('address.city')} error={text(errors.address?.city?.message)}
        />
        <TextField
          id="address-state" className="sm:col-span-1" autoComplete="address-level1" maxLength={2}
          label={t('booking.address.state')} registration={register('address.state')} error={text(errors.address?.state?.message)}
        />
        <TextField
          id="address-zip" className="sm:col-span-2" autoComplete="postal-code" inputMode="numeric" maxLength={10}
          label={t('booking.address.zip')} registration={register('address.zip')} error={text(errors.address?.zip?.message)}
        />
      </fieldset>
      {offerSaveAddress && (
        <div className="flex items-center gap-3">
          <input
            id="save-address" type="checkbox" className="h-5 w-5 shrink-0 accent-brand-600"
            checked={saveAddressChecked} onChange={(event) => setValue('saveAddress', event.target.checked, { shouldDirty: true })}
          />
          <label htmlFor="save-address" className="text-sm text-slate-800">{t('booking.address.saveAddress')}</label>
        </div>
      )}
      <TextField
        id="contact-phone" type="tel" autoComplete="tel" inputMode="tel"
        label={t('booking.address.phone')} hint={t('booking.address.phoneHint', promise)}
        registration={register('contactPhone')} error={text(errors.contactPhone?.message)}
      />
      <TextAreaField
        id="notes" optional maxLength={1000}
        label={t('booking.address.notes')} hint={t('booking.address.notesHint')}
        registration={register('notes')} error={text(errors.notes?.message)}
      />
      <StepActions onBack={onBack} submitLabel={t('booking.actions.scheduleService')} />
    </form>
  );
}
