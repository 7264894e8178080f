import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker, wantsServiceWorker } from './service-worker';

// jsdom has no service workers: a stand-in container records registrations.
const register = vi.fn(() => Promise.resolve({}));

describe('where the service worker is registered (issue #15)', () => {
  beforeEach(() => {
    Object.defineProperty(navigator, 'serviceWorker', { value: { register }, configurable: true });
    vi.stubEnv('PROD', true);
    vi.stubEnv('VITE_APP_VARIANT', '');
    vi.stubEnv('VITE_APP_CONTEXT_OVERRIDE', 'true');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    register.mockClear();
    delete window.__APP_CONTEXT__;
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('registers /sw.js for the whole site in a production web build, once the page has loaded', async () => {
    expect(wantsServiceWorker()).toBe(true);
    registerServiceWorker();
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' }), { timeout: 7000 });
  });

  it('does not register inside the app container, in the mobile apps\' builds, or in development', () => {
    window.__APP_CONTEXT__ = 'native';
    expect(wantsServiceWorker()).toBe(false);
    delete window.__APP_CONTEXT__;

    vi.stubEnv('VITE_APP_VARIANT', 'worker');
    expect(wantsServiceWorker()).toBe(false);
    vi.stubEnv('VITE_APP_VARIANT', '');

    vi.stubEnv('PROD', false);
    expect(wantsServiceWorker()).toBe(false);
    registerServiceWorker();
    expect(register).not.toHaveBeenCalled();
  });

  it('leaves a browser without service workers alone', () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    expect(wantsServiceWorker()).toBe(false);
  });
});
