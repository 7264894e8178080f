/**
 * Settings, Saved Addresses: the list (default first), add and edit in one form (street, unit,
 * city, state, ZIP; the server checks the service area), set default, delete.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { addressSchema } from '@/domain/address';
import { FormServerError, serverErrorMessage } from '@/web/components/auth/form-server-error';
import { Button } from '@/web/components/ui/button';
import { FormField } from '@/web/components/ui/form-field';
import { ApiError } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { usePlacesAutocomplete, withInputRef } from '@/web/lib/use-places-autocomplete';
import { useToastedAction } from '../hooks/use-toasted-action';
import { SettingsSection } from './settings-section';
import type { SavedAddressView } from '@/domain/saved-details';
import { useDeleteAddress, useSaveAddress, useSavedAddresses } from '../api/saved-addresses';

const FIELDS = ['street', 'unit', 'city', 'state', 'zip'] as const;

export function SavedAddresses() {
  const { t } = useTranslation();
  const addresses = useSavedAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<SavedAddressView | 'new' | null>(null);

  const onAction = useToastedAction();

  return (
    <SettingsSection title={t('settings.addresses.title')}>
        {addresses.isPending ? (
          <p className="text-slate-600">{t('common.loading')}</p>
        ) : addresses.isError ? (
          <p role="alert" className="text-red-800">{serverErrorMessage(addresses.error, t)}</p>
        ) : addresses.data.length === 0 ? (
          <p className="text-slate-600">{t('settings.addresses.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {addresses.data.map((address) => (
              <li key={address.id} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div>
                  <p className="font-medium text-slate-900">
                    {address.street}
                    {address.unit ? `, ${address.unit}` : ''}
                  </p>
                  <p className="text-sm text-slate-700">
                    {address.city}, {address.state} {address.zip}
                  </p>
                  {address.is_default ? <p className="text-sm font-semibold text-brand-700">{t('settings.addresses.default')}</p> : null}
                </div>
                <div className="flex flex-wrap gap-2">
                  {!address.is_default ? (
                    <Button size="sm" variant="outline" onClick={() => void onAction(() => save.mutateAsync({ id: address.id, is_default: true }), t('settings.addresses.defaultSet'))}>
                      {t('settings.addresses.setDefault')}
                    </Button>
                  ) : null}
                  <Button size="sm" variant="outline" onClick={() => setEditing(address)}>
                    {t('settings.addresses.edit')}
                  </Button>
                  <Button size="sm" variant="destructive" onClick={() => void onAction(() => remove.mutateAsync(address.id), t('settings.addresses.deleted'))}>
                    {t('settings.addresses.delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {editing ? (
          <AddressForm key={editing === 'new' ? 'new' : editing.id} address={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        ) : (
          <Button variant="outline" className="self-start" onClick={() => setEditing('new')}>
            {t('settings.addresses.add')}
          </Button>
        )}
    </SettingsSection>
  );
}

function AddressForm({ address, onDone }: { address: SavedAddressView | null; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveAddress();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof addressSchema>, unknown, z.output<typeof addressSchema>>({
    resolver: zodResolver(addressSchema),
    defaultValues: { street: address?.street ?? '', unit: address?.unit ?? '', city: address?.city ?? 'Tampa', state: address?.state ?? 'FL', zip: address?.zip ?? '' },
  });

  const streetInput = useRef<HTMLInputElement | null>(null);
  // A chosen Google Places suggestion fills the address (the unit stays as typed).
  usePlacesAutocomplete(streetInput, (place) => {
    for (const field of ['street', 'city', 'state', 'zip'] as const) {
      if (place[field]) setValue(field, place[field], { shouldValidate: true, shouldDirty: true });
    }
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      // '' clears a unit on edit (undefined would be dropped from the JSON and keep the old one)
      const fields = { ...values, unit: values.unit ?? '' };
      await save.mutateAsync(address ? { ...fields, id: address.id } : fields);
      toast.success(t('settings.addresses.saved'));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.details) {
        for (const field of FIELDS) {
          const message = error.details[field];
          if (message) setError(field, { message });
        }
      }
      setServerError(serverErrorMessage(error, t));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-busy={isSubmitting} className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{address ? t('settings.addresses.editTitle') : t('settings.addresses.addTitle')}</h3>
      {FIELDS.map((field) => (
        <FormField
          key={field}
          id={`${id}-${field}`}
          label={t(`settings.addresses.${field}`)}
          autoComplete={{ street: 'address-line1', unit: 'address-line2', city: 'address-level2', state: 'address-level1', zip: 'postal-code' }[field]}
          inputMode={field === 'zip' ? 'numeric' : undefined}
          registration={field === 'street' ? withInputRef(register(field), streetInput) : register(field)}
          error={errors[field]?.message ? t(errors[field].message) : null}
        />
      ))}
      <FormServerError message={serverError} />
      <div className="flex gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('common.processing') : t('settings.addresses.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('settings.addresses.cancel')}
        </Button>
      </div>
    </form>
  );
}
