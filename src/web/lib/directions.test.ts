/**
 * Issue #15: one-tap call and navigate, with links the platform's own apps open (Google Maps on
 * the web and Android, Apple Maps on iOS; the dialer for tel:).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Capacitor } from '@capacitor/core';
import { currentLinkPlatform, directionsUrl, telUrl } from './directions';

const address = '401 Channelside Dr, Apt 4, Tampa, FL 33602';

describe('directionsUrl', () => {
  it('gives the web a Google Maps driving route to the encoded address', () => {
    const url = new URL(directionsUrl(address, 'web'));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('destination')).toBe(address);
    expect(url.searchParams.get('travelmode')).toBe('driving');
    expect(url.searchParams.has('dir_action')).toBe(false);
  });

  it('starts navigation in Google Maps on Android', () => {
    const url = new URL(directionsUrl(address, 'android'));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('destination')).toBe(address);
    expect(url.searchParams.get('dir_action')).toBe('navigate');
  });

  it('opens Apple Maps directions on iOS', () => {
    const url = directionsUrl(address, 'ios');
    expect(url.startsWith('maps://?')).toBe(true);
    const params = new URLSearchParams(url.slice('maps://?'.length));
    expect(params.get('daddr')).toBe(address);
    expect(params.get('dirflg')).toBe('d');
  });

  it('encodes characters that would break the query (#, &, +) and squeezes whitespace', () => {
    const url = directionsUrl('  12 Oak #3 &  Pine +  Rd, Tampa ', 'web');
    expect(url).toContain('destination=12%20Oak%20%233%20%26%20Pine%20%2B%20Rd%2C%20Tampa&');
    expect(new URL(url).searchParams.get('destination')).toBe('12 Oak #3 & Pine + Rd, Tampa');
  });

  it('refuses a blank address', () => {
    expect(() => directionsUrl('   ', 'android')).toThrow(RangeError);
  });
});

describe('telUrl', () => {
  it('keeps an E.164 number as it is', () => {
    expect(telUrl('+18135550100')).toBe('tel:+18135550100');
  });

  it('drops the punctuation people write numbers with', () => {
    expect(telUrl(' +1 (813) 555-0100 ')).toBe('tel:+18135550100');
    expect(telUrl('813.555.0100')).toBe('tel:8135550100');
  });

  it('refuses a number without digits', () => {
    expect(() => telUrl('  ')).toThrow(RangeError);
  });
});

describe('currentLinkPlatform', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is the app platform inside the container and web in a browser', () => {
    expect(currentLinkPlatform()).toBe('web');
    vi.spyOn(Capacitor, 'getPlatform').mockReturnValue('android');
    expect(currentLinkPlatform()).toBe('android');
    vi.spyOn(Capacitor, 'getPlatform').mockReturnValue('ios');
    expect(currentLinkPlatform()).toBe('ios');
  });
});
