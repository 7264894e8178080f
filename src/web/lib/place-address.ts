/**
 * Turns the address of a place chosen in Google Places autocomplete into our address fields.
 * Pure: takes a place's `address_components` (Places API, legacy place result) and reads no
 * globals, so a test can feed it a recorded place.
 */

/** One part of a Google place's address, e.g. `{ long_name: 'Tampa', short_name: 'Tampa', types: ['locality', 'political'] }`. */
export interface AddressComponent {
  long_name: string;
  short_name: string;
  types: readonly string[];
}

/** The fields a chosen place fills; '' where the place has no such part. */
export interface PlaceAddress {
  street: string;
  city: string;
  state: string;
  zip: string;
}

/**
 * street: street number + route as written on an envelope ("1001 N Florida Ave", route's short name);
 * city: locality, else sublocality / postal town; state: the two-letter code ("FL"); zip: the
 * 5-digit postal code.
 */
export function placeAddress(components: readonly AddressComponent[]): PlaceAddress {
  const part = (type: string, name: 'long_name' | 'short_name' = 'long_name') =>
    components.find((component) => component.types.includes(type))?.[name].trim() ?? '';
  return {
    street: [part('street_number'), part('route', 'short_name')].filter(Boolean).join(' '),
    city: part('locality') || part('sublocality') || part('sublocality_level_1') || part('postal_town'),
    state: part('administrative_area_level_1', 'short_name'),
    zip: part('postal_code'),
  };
}
