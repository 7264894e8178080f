/**
 * The booking draft: everything the customer has chosen so far, kept in sessionStorage per
 * service page (key `booking-draft:<slug>`) so a reload, or a trip through sign-in, loses
 * nothing. It holds only a tokenized card reference (id, brand, last4), never a card number or
 * security code. The idempotency key is made once per draft, so retrying "Confirm & Book"
 * can never book twice; it is cleared together with the draft after booking.
 */
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { isHydrating } from '@/web/lib/hydration';
import type { ServiceSlug } from '@/domain/services';
import type { BookAgainSeed } from '@/web/lib/book-again';
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
  /** "Save this address": null until the customer touches the box (then it starts checked only without saved addresses). */
  saveAddress: boolean | null;
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
    saveAddress: null,
    paymentMethod: null,
    idempotencyKey: newIdempotencyKey(),
  };
}

/**
 * A new draft for "Book again" (lib/book-again.ts): the earlier booking's options, address and
 * notes, opened at Options & Details. The acknowledgements are given anew, the photo (claimed by
 * the earlier booking) is not carried, the date and card are chosen again.
 */
export function draftFromBookAgain(slug: ServiceSlug, seed: BookAgainSeed): BookingDraft {
  const fresh = newDraft(slug);
  const options = { ...fresh.options };
  const chosen = seed.options;
  switch (chosen.service) {
    case 'tv-installation':
      options['tv-installation'] = { service: chosen.service, screenSize: chosen.screenSize, bracket: chosen.bracket, wallRiskAccepted: false, limitationsAcknowledged: false };
      break;
    case 'furniture-assembly':
      options['furniture-assembly'] = { service: chosen.service, productName: chosen.productName ?? '', productUrl: chosen.productUrl ?? '', estimatedHours: chosen.estimatedHours };
      break;
    case 'painting':
      options.painting = { service: chosen.service, rooms: chosen.rooms, colorCode: chosen.colorCode ?? '', paintSupplier: chosen.paintSupplier };
      break;
  }
  const { street, unit, city, state, zip } = seed.address;
  return { ...fresh, step: 'options', options, address: { street, unit: unit ?? '', city, state, zip }, notes: seed.notes ?? '' };
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

/** The page's draft; with a "Book again" seed, a new draft started from it instead of the stored one. */
export function useBookingDraft(slug: ServiceSlug, bookAgain: BookAgainSeed | null = null) {
  // Hydrating the prerendered page (lib/hydration.ts), the first render draws the new visitor's
  // draft the HTML shows; the stored one replaces it before the first paint.
  const [restoring, setRestoring] = useState(() => !bookAgain && isHydrating());
  const [draft, setDraft] = useState(() => (bookAgain ? draftFromBookAgain(slug, bookAgain) : restoring ? newDraft(slug) : loadDraft(slug)));
  useLayoutEffect(() => {
    if (!restoring) return;
    setDraft(loadDraft(slug));
    setRestoring(false);
  }, []);

  useEffect(() => {
    if (!restoring) saveDraft(slug, draft); // never the stand-in over the stored draft
  }, [slug, draft, restoring]);

  const update = useCallback((change: DraftUpdate) => {
    setDraft((current) => ({ ...current, ...(typeof change === 'function' ? change(current) : change) }));
  }, []);

  /** Forgets the draft after booking: the next visit starts fresh with a new idempotency key. */
  const clear = useCallback(() => setDraft(newDraft(slug)), [slug]);

  return { draft, update, clear };
}
