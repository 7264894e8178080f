// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { trackEvent, trackPageView } from './analytics';
import { gaEventOf, loadGoogleAnalytics } from './google-analytics';

describe('the optional Google Analytics tag', () => {
  afterEach(() => localStorage.clear());

  it('maps our event to a GA4 event with its parameters', () => {
    const event = trackEvent({ action: 'step_blocked', category: 'booking_funnel', label: 'options', params: { field: 'screenSize', rule: 'validation.screenSizeRequired' } });
    expect(gaEventOf(event)).toEqual([
      'step_blocked',
      expect.objectContaining({ event_category: 'booking_funnel', event_label: 'options', page_path: '/', field: 'screenSize', rule: 'validation.screenSizeRequired' }),
    ]);
    expect(gaEventOf({ ...event, action: 'LCP', value: 1234 })[1]).toMatchObject({ value: 1234 });
  });

  it('loads gtag.js once with analytics storage denied (no cookies), no automatic page views, and forwards this page\'s events then each new one', () => {
    trackPageView('/');
    loadGoogleAnalytics('G-TEST12345', new Date(0));
    loadGoogleAnalytics('G-TEST12345', new Date(0));
    const scripts = [...document.head.querySelectorAll('script')].map((s) => s.src);
    expect(scripts).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-TEST12345']);
    const calls = (window.dataLayer ?? []).map((args) => [...(args as IArguments)]);
    expect(calls[0]).toEqual(['consent', 'default', { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' }]);
    expect(calls).toContainEqual(['config', 'G-TEST12345', { send_page_view: false }]);
    expect(calls).toContainEqual(['event', 'page_view', expect.objectContaining({ event_category: 'navigation', event_label: '/' })]);

    trackEvent({ action: 'booking_placed', category: 'booking', value: 4838 });
    expect((window.dataLayer ?? []).map((args) => [...(args as IArguments)])).toContainEqual(['event', 'booking_placed', expect.objectContaining({ value: 4838 })]);
  });

  it('refuses an id that is not a GA4 measurement id', () => {
    const before = document.head.querySelectorAll('script').length;
    loadGoogleAnalytics('"><script>');
    expect(document.head.querySelectorAll('script')).toHaveLength(before);
  });
});
