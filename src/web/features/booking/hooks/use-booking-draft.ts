/**
 * The booking draft: everything the customer has chosen so far, kept in sessionStorage per
 * service page (key `booking-draft:<slug>`) so a reload, or a trip through sign-in, loses
 * nothing. It holds only a tokenized card reference (id, brand, last4), never a card number or
 * security code. The idempotency key is made once per draft, so retrying "Confirm & Book"
 * can never book twice; it is cleared together with the draft after booking.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ServiceSlug } from '@/domain/services';
import { newIdempotencyKey } from '@/web/lib/idempotency-key';
import { defaultOptionValues, type OptionValuesByService } from '../utils/option-values';
import { isDraftStep, type DraftStep } from '../utils/steps';

export interface AddressValues {
  street: string;
  unit: string;
  city: string;
  state: string;
  zip: string;
}

/** A card the gateway tokenized: safe to keep, it cannot be charged without our server. */
export interface SavedCard {
  id: string;
  brand: string;
  last4: string;
}

export interface BookingDraft {
  version: 1;
  service: ServiceSlug;
  step: DraftStep;
  options: OptionValuesByService;
  /** The Tampa date ('YYYY-MM-DD') whose times are shown; null until one is picked. */
  date: string | null;
  /** The chosen start, an ISO instant offered by the slots API. */
  startAt: string | null;
  address: AddressValues;
  contactPhone: string;
  notes: string;
  paymentMethod: SavedCard | null;
  idempotencyKey: string;
}

export type DraftUpdate = Partial<BookingDraft> | ((draft: BookingDraft) => Partial<BookingDraft>);

const storageKey = (slug: ServiceSlug) => `booking-draft:${slug}`;

export function newDraft(service: ServiceSlug): BookingDraft {
  return {
    version: 1,
    service,
    step: 'service',
    options: defaultOptionValues(),
    date: null,
    startAt: null,
    address: { street: '', unit: '', city: 'Tampa', state: 'FL', zip: '' },
    contactPhone: '',
    notes: '',
    paymentMethod: null,
    idempotencyKey: newIdempotencyKey(),
  };
}

/**
 * The stored draft of a page, or a new one. Stored drafts are laid over a new draft, so a draft
 * written by an older shape still gets every field; the domain schemas check the values later.
 */
export function loadDraft(slug: ServiceSlug): BookingDraft {
  const fresh = newDraft(slug);
  try {
    const stored = JSON.parse(sessionStorage.getItem(storageKey(slug)) ?? 'null') as Partial<BookingDraft> | null;
    if (!stored || stored.version !== 1 || typeof stored.idempotencyKey !== 'string') return fresh;
    return {
      ...fresh,
      ...stored,
      service: stored.service && stored.service in fresh.options ? stored.service : slug,
      step: isDraftStep(stored.step) ? stored.step : 'service',
      options: {
        'tv-installation': { ...fresh.options['tv-installation'], ...stored.options?.['tv-installation'] },
        'furniture-assembly': { ...fresh.options['furniture-assembly'], ...stored.options?.['furniture-assembly'] },
        painting: { ...fresh.options.painting, ...stored.options?.painting },
      },
      address: { ...fresh.address, ...stored.address },
    };
  } catch {
    return fresh;
  }
}

function saveDraft(slug: ServiceSlug, draft: BookingDraft): void {
  try {
    sessionStorage.setItem(storageKey(slug), JSON.stringify(draft));
  } catch {
    // storage may be full or blocked (private mode): the flow still works, it just won't survive a reload
  }
}

export function useBookingDraft(slug: ServiceSlug) {
  const [draft, setDraft] = useState(() => loadDraft(slug));

  useEffect(() => saveDraft(slug, draft), [slug, draft]);

  const update = useCallback((change: DraftUpdate) => {
    setDraft((current) => ({ ...current, ...(typeof change === 'function' ? change(current) : change) }));
  }, []);

  /** Forgets the draft after booking: the next visit starts fresh with a new idempotency key. */
  const clear = useCallback(() => setDraft(newDraft(slug)), [slug]);

  return { draft, update, clear };
}
