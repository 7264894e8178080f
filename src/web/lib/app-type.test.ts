// @vitest-environment jsdom
/**
 * Spec section 2, "App type detection": only inside the app container, stored under APP_TYPE as
 * worker or user, default user, settable with ?appType=. The e2e override only counts in builds
 * made with VITE_APP_CONTEXT_OVERRIDE=true.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_TYPE_KEY, detectAppType, isAppContainer, resolveAppType } from './app-type';

const memory = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values };
};

describe('resolveAppType', () => {
  it('has no app type outside the app container, whatever the parameter or storage say', () => {
    const storage = memory({ [APP_TYPE_KEY]: 'worker' });
    expect(resolveAppType({ container: false, search: '?appType=worker', storage })).toBeNull();
    expect(storage.values.get(APP_TYPE_KEY)).toBe('worker');
  });

  it('defaults to user inside the container', () => {
    const storage = memory();
    expect(resolveAppType({ container: true, search: '', storage })).toBe('user');
  });

  it('uses the stored APP_TYPE', () => {
    expect(resolveAppType({ container: true, search: '', storage: memory({ [APP_TYPE_KEY]: 'worker' }) })).toBe('worker');
    expect(resolveAppType({ container: true, search: '', storage: memory({ [APP_TYPE_KEY]: 'user' }), fallback: 'worker' })).toBe('user');
  });

  it('takes the appType parameter over storage, and stores it', () => {
    const storage = memory({ [APP_TYPE_KEY]: 'user' });
    expect(resolveAppType({ container: true, search: '?appType=worker', storage })).toBe('worker');
    expect(storage.values.get(APP_TYPE_KEY)).toBe('worker');
    expect(resolveAppType({ container: true, search: '', storage })).toBe('worker');
  });

  it('ignores invalid values of the parameter and of storage', () => {
    const storage = memory({ [APP_TYPE_KEY]: 'admin' });
    expect(resolveAppType({ container: true, search: '?appType=Worker', storage })).toBe('user');
    expect(storage.values.get(APP_TYPE_KEY)).toBe('admin');
    expect(resolveAppType({ container: true, search: '?appType=', storage: memory({ [APP_TYPE_KEY]: 'worker' }) })).toBe('worker');
  });

  it('falls back to the build default without storage', () => {
    expect(resolveAppType({ container: true, search: '', storage: null, fallback: 'worker' })).toBe('worker');
  });
});

describe('isAppContainer and Capacitor', () => {
  const globalsSet = ['androidBridge', 'webkit', 'CapacitorCustomPlatform', 'Capacitor'];
  afterEach(() => {
    for (const name of globalsSet) Reflect.deleteProperty(window, name);
  });

  // Issue #16: the check is written out so the first load does without @capacitor/core; it must
  // give the answer Capacitor.isNativePlatform() gives for the same window.
  it.each([
    ['a plain browser', {}, false],
    ['the Android shell', { androidBridge: {} }, true],
    ['the iOS shell', { webkit: { messageHandlers: { bridge: {} } } }, true],
    ['a page with WebKit handlers but no bridge', { webkit: { messageHandlers: {} } }, false],
  ])('agrees with @capacitor/core in %s', async (_, globals, native) => {
    Object.assign(window, globals);
    const { Capacitor } = await import('@capacitor/core');
    expect(Capacitor.isNativePlatform()).toBe(native);
    expect(isAppContainer()).toBe(native);
  });

  // @capacitor/core reads CapacitorCustomPlatform once, when it loads (createCapacitor in its
  // dist/index.js), so it cannot be asked again here: the rule is its `getPlatform() !== 'web'`.
  it.each([
    ['a custom platform', { CapacitorCustomPlatform: { name: 'electron' } }, true],
    ['a custom platform named web, whatever else is there', { CapacitorCustomPlatform: { name: 'web' }, androidBridge: {} }, false],
  ])('follows a Capacitor custom platform: %s', (_, globals, native) => {
    Object.assign(window, globals);
    expect(isAppContainer()).toBe(native);
  });
});

describe('detectAppType in the browser', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    vi.unstubAllEnvs();
    delete window.__APP_CONTEXT__;
    localStorage.clear();
  });

  it('is the web (null) in a plain browser, even with ?appType=worker', () => {
    expect(isAppContainer()).toBe(false);
    expect(detectAppType('?appType=worker')).toBeNull();
    expect(localStorage.getItem(APP_TYPE_KEY)).toBeNull();
  });

  it('ignores window.__APP_CONTEXT__ in builds without the override flag', () => {
    window.__APP_CONTEXT__ = 'native';
    expect(isAppContainer()).toBe(false);
    expect(detectAppType('?appType=worker')).toBeNull();
  });

  it('treats window.__APP_CONTEXT__ = native as the container in builds with VITE_APP_CONTEXT_OVERRIDE=true', () => {
    vi.stubEnv('VITE_APP_CONTEXT_OVERRIDE', 'true');
    expect(isAppContainer()).toBe(false);
    window.__APP_CONTEXT__ = 'native';
    expect(isAppContainer()).toBe(true);
    expect(detectAppType('')).toBe('user');
    expect(detectAppType('?appType=worker')).toBe('worker');
    expect(localStorage.getItem(APP_TYPE_KEY)).toBe('worker');
    expect(detectAppType('')).toBe('worker');
  });

  it('defaults to worker in the worker app build (VITE_APP_VARIANT=worker)', () => {
    vi.stubEnv('VITE_APP_CONTEXT_OVERRIDE', 'true');
    vi.stubEnv('VITE_APP_VARIANT', 'worker');
    window.__APP_CONTEXT__ = 'native';
    expect(detectAppType('')).toBe('worker');
  });
});
