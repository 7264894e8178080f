/**
 * The Address & Schedule step's choice among the customer's saved addresses (Settings > Saved
 * Addresses), plus "Enter a new address". Choosing one fills the address fields; the radio that
 * is checked always follows what the fields say (typing a different address checks "new").
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAddress } from '@/web/lib/address';
import type { SavedAddress } from '@/web/lib/saved-addresses';
import type { AddressValues } from '../hooks/use-booking-draft';

/** Whether the fields hold this saved address (case and spacing aside). */
export function isSameAddress(saved: SavedAddress, fields: AddressValues): boolean {
  const norm = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return (['street', 'unit', 'city', 'state', 'zip'] as const).every((key) => norm(saved[key]) === norm(fields[key]));
}

export interface SavedAddressPickerProps {
  addresses: SavedAddress[];
  /** The saved address the fields hold, or null for a new one. */
  selectedId: string | null;
  onSelect: (address: SavedAddress | null) => void;
}

export function SavedAddressPicker({ addresses, selectedId, onSelect }: SavedAddressPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const option = 'flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-base font-semibold text-slate-900">{t('booking.address.savedTitle')}</legend>
      {addresses.map((address) => (
        <label key={address.id} className={option}>
          <input type="radio" name={name} className="mt-1 size-4" checked={selectedId === address.id} onChange={() => onSelect(address)} />
          <span>
            {formatAddress(address)}
            {address.is_default && <> <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t('booking.address.defaultBadge')}</span></>}
          </span>
        </label>
      ))}
      <label className={option}>
        <input type="radio" name={name} className="mt-1 size-4" checked={selectedId === null} onChange={() => onSelect(null)} />
        <span>{t('booking.address.newAddress')}</span>
      </label>
    </fieldset>
  );
}
