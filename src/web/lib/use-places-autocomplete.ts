/// <reference types="google.maps" />
/**
 * Google Places autocomplete on a street input: suggestions of US addresses as the customer
 * types; choosing one hands the parsed street, city, state and ZIP to `onPlace`. Does nothing
 * without a Maps key or when the script fails to load (the plain fields work as before).
 */
import { useEffect, useRef, type RefObject } from 'react';
import { placeAddress, type PlaceAddress } from './place-address';
import { loadPlacesLibrary, mapsApiKey } from './places';

export function usePlacesAutocomplete(inputRef: RefObject<HTMLInputElement | null>, onPlace: (address: PlaceAddress) => void): void {
  const onPlaceRef = useRef(onPlace);
  useEffect(() => {
    onPlaceRef.current = onPlace;
  });
  const apiKey = mapsApiKey();

  useEffect(() => {
    const input = inputRef.current;
    if (!apiKey || !input) return;
    let detached = false;
    let placeChanged: google.maps.MapsEventListener | null = null;

    // Enter picks the highlighted suggestion; it must not submit the form as well.
    const keepEnterForSuggestion = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && document.querySelector('.pac-container .pac-item-selected')) event.preventDefault();
    };

    loadPlacesLibrary(apiKey).then(
      ({ Autocomplete }) => {
        if (detached) return;
        const autocomplete = new Autocomplete(input, { componentRestrictions: { country: 'us' }, fields: ['address_components'], types: ['address'] });
        placeChanged = autocomplete.addListener('place_changed', () => {
          const components = autocomplete.getPlace().address_components;
          // No components: the customer pressed Enter on their own text, which stays as typed.
          if (components?.length) onPlaceRef.current(placeAddress(components));
        });
        input.addEventListener('keydown', keepEnterForSuggestion);
      },
      () => {
        // The Maps script failed (offline, blocked, bad key): the fields stay plain.
      },
    );

    return () => {
      detached = true;
      placeChanged?.remove();
      input.removeEventListener('keydown', keepEnterForSuggestion);
    };
  }, [apiKey, inputRef]);
}

/**
 * A react-hook-form registration (`register(...)`) whose ref also fills `inputRef`, for a field
 * component that passes the registration's ref to its input.
 */
export function withInputRef<TRegistration extends { ref: (element: HTMLInputElement | null) => void }>(
  registration: TRegistration,
  inputRef: RefObject<HTMLInputElement | null>,
): TRegistration {
  return {
    ...registration,
    ref: (element: HTMLInputElement | null) => {
      registration.ref(element);
      inputRef.current = element;
    },
  };
}
