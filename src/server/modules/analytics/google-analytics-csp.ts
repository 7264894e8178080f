/**
 * The Content-Security-Policy sources the optional Google Analytics 4 tag needs (issue #11), only
 * when the browser is built to load it (VITE_GA_MEASUREMENT_ID, config.googleAnalytics); without
 * it our policy names no Google analytics host at all. From Google's "Use a Content Security
 * Policy with Google tag" (developers.google.com/tag-platform/security/guides/csp), GA4 without
 * Google Signals: the tag script from googletagmanager.com, its measurement requests to
 * google-analytics.com / analytics.google.com, and pixel fallbacks.
 */
export interface CspSources {
  scriptSrc: string[];
  imgSrc: string[];
  connectSrc: string[];
}

export function googleAnalyticsCsp(enabled: boolean): CspSources {
  if (!enabled) return { scriptSrc: [], imgSrc: [], connectSrc: [] };
  return {
    scriptSrc: ['https://*.googletagmanager.com'],
    imgSrc: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
    connectSrc: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  };
}
