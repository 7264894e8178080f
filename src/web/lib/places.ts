/// <reference types="google.maps" />
/**
 * The Google Maps JavaScript API with its places library, for address autocomplete. Loaded on
 * demand (the first address field that asks for it) and only when the build has a Maps key
 * (`VITE_GOOGLE_MAPS_API_KEY`); one script tag and one promise shared by every caller. A failed
 * load rejects, so the plain address fields keep working, and the next caller tries again.
 */
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';

let optionsSet = false;
let placesLibrary: Promise<google.maps.PlacesLibrary> | null = null;

/** The browser's Maps key, baked in at build time; '' turns address autocomplete off. */
export function mapsApiKey(): string {
  const key: unknown = import.meta.env.VITE_GOOGLE_MAPS_API_KEY;
  return typeof key === 'string' ? key.trim() : '';
}

/**
 * Loads the Maps script (`libraries=places`) once and resolves with the places library.
 * @throws (rejects) Error "The Google Maps JavaScript API could not load." when the script fails
 */
export function loadPlacesLibrary(apiKey: string): Promise<google.maps.PlacesLibrary> {
  if (!optionsSet) {
    setOptions({ key: apiKey, v: 'weekly' });
    optionsSet = true;
  }
  if (!placesLibrary) {
    const loading = importLibrary('places');
    placesLibrary = loading;
    loading.catch(() => {
      if (placesLibrary === loading) placesLibrary = null;
    });
  }
  return placesLibrary;
}
