import { describe, expect, it } from 'vitest';
import { isIgnoredByReporting, reportingEnvironment, SENTRY_RELEASE, SENTRY_SAMPLE_RATES } from './error-reporting';

describe('the error-reporting settings (spec sections 8, 9)', () => {
  it('names the release and the sample rates', () => {
    expect(SENTRY_RELEASE).toBe('1.1.1');
    expect(SENTRY_SAMPLE_RATES).toEqual({ tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 });
  });

  it('is development on localhost, preview on a preview host, production otherwise', () => {
    for (const host of ['localhost', '127.0.0.1', '::1', '[::1]', 'app.localhost']) expect(reportingEnvironment(host), host).toBe('development');
    for (const host of ['handyman-git-feature-acme.vercel.app', 'deploy-preview-42--handyman.netlify.app', 'preview.book.example.com', 'preview-17.book.example.com']) {
      expect(reportingEnvironment(host), host).toBe('preview');
    }
    for (const host of ['book.example.com', 'handyman.netlify.app', 'previewer.example.com'.replace('previewer', 'www')]) expect(reportingEnvironment(host), host).toBe('production');
  });

  it('does not send network, fetch, load and ResizeObserver loop errors', () => {
    for (const message of ['Network Error', 'NetworkError when attempting to fetch resource.', 'TypeError: Failed to fetch', 'Load failed', 'ResizeObserver loop completed with undelivered notifications.']) {
      expect(isIgnoredByReporting(message), message).toBe(true);
    }
    expect(isIgnoredByReporting("Cannot read properties of undefined (reading 'total')")).toBe(false);
  });
});
