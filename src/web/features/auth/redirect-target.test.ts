import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

const ORIGIN = 'https://tampa.example';

describe('redirectTarget', () => {
  it('returns a same-site path with its query', () => {
    expect(redirectTarget('/my-bookings', ORIGIN)).toBe('/my-bookings');
    expect(redirectTarget('/book/painting?step=3', ORIGIN)).toBe('/book/painting?step=3');
  });

  it('falls back to the home page for missing or foreign targets', () => {
    for (const bad of [null, undefined, '', 'my-bookings', 'https://evil.example/', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(redirectTarget(bad, ORIGIN)).toBe('/');
    }
  });
});
