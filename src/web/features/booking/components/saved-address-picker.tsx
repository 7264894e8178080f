/**
 * The Address & Schedule step's choice among the customer's saved addresses (Settings > Saved
 * Addresses), plus "Enter a new address". Choosing one fills the address fields; the radio that
 * is checked always follows what the fields say (typing a different address checks "new").
 */
import { useTranslation } from 'react-i18next';
import { formatAddress } from '@/web/lib/address';
import type { SavedAddressView } from '@/domain/saved-details';
import type { AddressValues } from '../hooks/use-booking-draft';
import { SavedChoice, SavedChoices } from './saved-choice';

/** Whether the fields hold this saved address (case and spacing aside). */
export function isSameAddress(saved: SavedAddressView, fields: AddressValues): boolean {
  const norm = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return (['street', 'unit', 'city', 'state', 'zip'] as const).every((key) => norm(saved[key]) === norm(fields[key]));
}

export interface SavedAddressPickerProps {
  addresses: SavedAddressView[];
  /** The saved address the fields hold, or null for a new one. */
  selectedId: string | null;
  onSelect: (address: SavedAddressView | null) => void;
}

export function SavedAddressPicker({ addresses, selectedId, onSelect }: SavedAddressPickerProps) {
  const { t } = useTranslation();
  return (
    <SavedChoices legend={t('booking.address.savedTitle')}>
      {(name) => (
        <>
          {addresses.map((address) => (
            <SavedChoice key={address.id} name={name} checked={selectedId === address.id} onSelect={() => onSelect(address)} isDefault={address.is_default}>
              {formatAddress(address)}
            </SavedChoice>
          ))}
          <SavedChoice name={name} checked={selectedId === null} onSelect={() => onSelect(null)}>
            {t('booking.address.newAddress')}
          </SavedChoice>
        </>
      )}
    </SavedChoices>
  );
}
