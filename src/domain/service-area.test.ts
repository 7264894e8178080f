import { describe, expect, it } from 'vitest';
import { DEFAULT_SERVICE_AREA_ZIPS, isInServiceArea } from './service-area';

describe('isInServiceArea with the default Hillsborough County list', () => {
  it.each([
    ['33602', true], // downtown Tampa
    ['33647', true], // New Tampa
    ['33511', true], // Brandon
    ['33608', false], // MacDill Air Force Base, not in the list
    ['33622', false],
    ['90210', false],
    ['34601', false],
  ])('%s is in the service area: %s', (zip, expected) => {
    expect(isInServiceArea(zip, DEFAULT_SERVICE_AREA_ZIPS)).toBe(expected);
  });

  it('judges a ZIP+4 by its first five digits', () => {
    expect(isInServiceArea('33602-1234', DEFAULT_SERVICE_AREA_ZIPS)).toBe(true);
    expect(isInServiceArea('33608-1234', DEFAULT_SERVICE_AREA_ZIPS)).toBe(false);
  });

  it('ignores surrounding spaces', () => {
    expect(isInServiceArea(' 33602 ', DEFAULT_SERVICE_AREA_ZIPS)).toBe(true);
  });

  it('does not match a partial ZIP', () => {
    expect(isInServiceArea('3360', DEFAULT_SERVICE_AREA_ZIPS)).toBe(false);
    expect(isInServiceArea('', DEFAULT_SERVICE_AREA_ZIPS)).toBe(false);
  });

  it('lists each ZIP once, all five digits', () => {
    expect(new Set(DEFAULT_SERVICE_AREA_ZIPS).size).toBe(DEFAULT_SERVICE_AREA_ZIPS.length);
    expect(DEFAULT_SERVICE_AREA_ZIPS.every((zip) => /^\d{5}$/.test(zip))).toBe(true);
  });
});

describe('isInServiceArea with a configured list', () => {
  it('uses the list from settings, not the default', () => {
    expect(isInServiceArea('33701', ['33701', '33702'])).toBe(true);
    expect(isInServiceArea('33602', ['33701', '33702'])).toBe(false);
  });

  it('serves nowhere when the list is empty', () => {
    expect(isInServiceArea('33602', [])).toBe(false);
  });
});
