import { describe, expect, it } from 'vitest';
import { placeAddress } from './place-address';
import { TAMPA_PLACE } from './places-fake';

describe('a chosen Google place as our address fields', () => {
  it('reads a downtown Tampa address as written on an envelope', () => {
    expect(placeAddress(TAMPA_PLACE.address_components)).toEqual({ street: '1001 N Florida Ave', city: 'Tampa', state: 'FL', zip: '33602' });
  });

  it('falls back to the sublocality when the place has no locality', () => {
    const place = [
      { long_name: '4202', short_name: '4202', types: ['street_number'] },
      { long_name: 'East Fowler Avenue', short_name: 'E Fowler Ave', types: ['route'] },
      { long_name: 'University Square', short_name: 'University Square', types: ['sublocality_level_1', 'sublocality', 'political'] },
      { long_name: 'Florida', short_name: 'FL', types: ['administrative_area_level_1', 'political'] },
      { long_name: '33620', short_name: '33620', types: ['postal_code'] },
    ];
    expect(placeAddress(place)).toEqual({ street: '4202 E Fowler Ave', city: 'University Square', state: 'FL', zip: '33620' });
  });

  it('leaves out the parts a place does not have', () => {
    const route = [
      { long_name: 'Bayshore Boulevard', short_name: 'Bayshore Blvd', types: ['route'] },
      { long_name: 'Tampa', short_name: 'Tampa', types: ['locality', 'political'] },
      { long_name: 'Florida', short_name: 'FL', types: ['administrative_area_level_1', 'political'] },
    ];
    expect(placeAddress(route)).toEqual({ street: 'Bayshore Blvd', city: 'Tampa', state: 'FL', zip: '' });
  });
});
