/// <reference types="google.maps" />
/**
 * Tests only: plays the part of the Google Maps script for address autocomplete. The loader adds
 * a `<script>` for maps.googleapis.com; `finishLoadingMaps()` does what that script does when it
 * arrives (installs `google.maps.importLibrary` and calls the loader back), with a fake
 * `Autocomplete` whose `choose(place)` is the customer picking a suggestion.
 */
import type { AddressComponent } from './place-address';

type Handler = () => void;

export class FakeAutocomplete {
  static instances: FakeAutocomplete[] = [];
  private handlers = new Map<string, Set<Handler>>();
  private place: { address_components?: AddressComponent[] } = {};

  constructor(
    readonly input: HTMLInputElement,
    readonly options: google.maps.places.AutocompleteOptions,
  ) {
    FakeAutocomplete.instances.push(this);
  }

  addListener(event: string, handler: Handler) {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return { remove: () => set.delete(handler) };
  }

  getPlace() {
    return this.place;
  }

  /** The customer picks a suggestion: Google writes its text into the input, then fires place_changed. */
  choose(place: { formatted?: string; address_components: AddressComponent[] }) {
    if (place.formatted) this.input.value = place.formatted;
    this.place = { address_components: place.address_components };
    this.handlers.get('place_changed')?.forEach((handler) => handler());
  }

  listenerCount(event: string): number {
    return this.handlers.get(event)?.size ?? 0;
  }
}

/** The `<script>` element asking for the Maps JavaScript API, if any. */
export function mapsScript(): HTMLScriptElement | null {
  return document.querySelector<HTMLScriptElement>('script[src^="https://maps.googleapis.com/"]');
}

/** Completes the Maps script's load with the fake places library. */
export function finishLoadingMaps(): void {
  const maps = (window as unknown as { google: { maps: Record<string, unknown> } }).google.maps;
  maps.importLibrary = async (name: string) => (name === 'places' ? { Autocomplete: FakeAutocomplete } : {});
  maps.places = { Autocomplete: FakeAutocomplete };
  (maps.__ib__ as () => void)();
}

/** Google's answer for "1001 N Florida Ave, Tampa, FL 33602" (fields: address_components). */
export const TAMPA_PLACE = {
  formatted: '1001 N Florida Ave, Tampa, FL 33602, USA',
  address_components: [
    { long_name: '1001', short_name: '1001', types: ['street_number'] },
    { long_name: 'North Florida Avenue', short_name: 'N Florida Ave', types: ['route'] },
    { long_name: 'Downtown', short_name: 'Downtown', types: ['neighborhood', 'political'] },
    { long_name: 'Tampa', short_name: 'Tampa', types: ['locality', 'political'] },
    { long_name: 'Hillsborough County', short_name: 'Hillsborough County', types: ['administrative_area_level_2', 'political'] },
    { long_name: 'Florida', short_name: 'FL', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'United States', short_name: 'US', types: ['country', 'political'] },
    { long_name: '33602', short_name: '33602', types: ['postal_code'] },
    { long_name: '4709', short_name: '4709', types: ['postal_code_suffix'] },
  ],
} satisfies { formatted: string; address_components: AddressComponent[] };
