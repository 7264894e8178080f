// @vitest-environment jsdom
/**
 * Spec section 2: which route table applies (web without an app type, the mobile user or worker
 * table inside the container), which paths each mobile table has, and the guards that send a
 * page of the wrong app type to `/`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { APP_TYPE_KEY } from '@/web/lib/app-type';
import { appTypeGuard, mobileUserRoutes, mobileWorkerRoutes, routesFor, webRoutes } from './route-tables';

const request = (path: string) => new Request(`https://localhost${path}`);

/** The leaf route a path shows in a table: its path ('' for the index, '*' for not-found). */
function leaf(routes: RouteObject[], path: string) {
  const match = matchRoutes(routes, path)!.at(-1)!.route;
  return { path: match.index ? '' : match.path, guarded: Boolean(match.loader), lazy: match.lazy };
}

describe('which route table applies', () => {
  it('is the web table without an app type, and the mobile tables for user and worker', () => {
    expect(routesFor(null)).toBe(webRoutes);
    expect(routesFor('user')).toBe(mobileUserRoutes);
    expect(routesFor('worker')).toBe(mobileWorkerRoutes);
  });

  it('leaves the web table without guards and with every page', () => {
    for (const path of ['/', '/admin/worker-applications', '/worker/enroll', '/reset-password', '/my-bookings', '/worker']) {
      expect(leaf(webRoutes, path)).toMatchObject({ guarded: false });
      expect(leaf(webRoutes, path).path).not.toBe('*');
    }
  });
});

describe('the mobile worker table', () => {
  const allowed = ['/', '/admin/login', '/auth', '/admin', '/admin/chats', '/admin/analytics', '/admin/users', '/admin/workers', '/admin/settings', '/admin/errors', '/admin/calendar', '/admin/bookings/1', '/admin/customers/1', '/worker', '/worker/settings', '/worker/availability'];
  it('guards each of its routes', () => {
    for (const path of allowed) expect(leaf(mobileWorkerRoutes, path), path).toMatchObject({ guarded: true });
  });
  it('shows the admin login at / and /admin/login', () => {
    expect(leaf(mobileWorkerRoutes, '/').lazy).toBe(leaf(webRoutes, '/admin/login').lazy);
    expect(leaf(mobileWorkerRoutes, '/admin/login').lazy).toBe(leaf(webRoutes, '/admin/login').lazy);
  });
  it('sends customer pages and worker applications to not-found, and keeps public pages unguarded', () => {
    for (const path of ['/admin/worker-applications', '/my-bookings', '/settings', '/book/tv-installation', '/worker/enroll', '/nope']) expect(leaf(mobileWorkerRoutes, path).path, path).toBe('*');
    for (const path of ['/about', '/terms', '/privacy', '/blog', '/blog/x']) expect(leaf(mobileWorkerRoutes, path), path).toMatchObject({ guarded: false });
  });
});

describe('the mobile user table', () => {
  it('guards each of its routes and has the home page at /', () => {
    for (const path of ['/', '/auth', '/my-bookings', '/settings', '/services/tv-installation/book', '/book/tv-installation']) expect(leaf(mobileUserRoutes, path), path).toMatchObject({ guarded: true });
    expect(leaf(mobileUserRoutes, '/').lazy).toBe(leaf(webRoutes, '/').lazy);
  });
  it('sends staff pages to not-found, and keeps public pages unguarded', () => {
    for (const path of ['/admin', '/admin/login', '/worker', '/worker/settings', '/reset-password', '/nope']) expect(leaf(mobileUserRoutes, path).path, path).toBe('*');
    for (const path of ['/about', '/refunds', '/blog']) expect(leaf(mobileUserRoutes, path), path).toMatchObject({ guarded: false });
  });
});

describe('the guards', () => {
  beforeEach(() => {
    vi.stubEnv('VITE_APP_CONTEXT_OVERRIDE', 'true');
    window.__APP_CONTEXT__ = 'native';
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    delete window.__APP_CONTEXT__;
    localStorage.clear();
  });

  const redirectOf = (run: () => unknown) => {
    try {
      run();
    } catch (thrown) {
      const response = thrown as Response;
      return { status: response.status, location: response.headers.get('Location'), reload: response.headers.get('X-Remix-Reload-Document') };
    }
    return null;
  };

  it('let a matching app type through', () => {
    expect(redirectOf(() => appTypeGuard('user')({ request: request('/my-bookings') }))).toBeNull();
    localStorage.setItem(APP_TYPE_KEY, 'worker');
    expect(redirectOf(() => appTypeGuard('worker')({ request: request('/worker') }))).toBeNull();
  });

  it('send another app type to / with a full reload', () => {
    expect(redirectOf(() => appTypeGuard('worker')({ request: request('/worker') }))).toEqual({ status: 302, location: '/', reload: 'true' });
    localStorage.setItem(APP_TYPE_KEY, 'worker');
    expect(redirectOf(() => appTypeGuard('user')({ request: request('/settings') }))).toEqual({ status: 302, location: '/', reload: 'true' });
  });

  it('follow an appType parameter on the way (and store it)', () => {
    localStorage.setItem(APP_TYPE_KEY, 'worker');
    expect(redirectOf(() => appTypeGuard('worker')({ request: request('/worker?appType=user') }))).toMatchObject({ location: '/' });
    expect(localStorage.getItem(APP_TYPE_KEY)).toBe('user');
    expect(redirectOf(() => appTypeGuard('user')({ request: request('/') }))).toBeNull();
  });

  it('redirect outside the container (no app type) too', () => {
    delete window.__APP_CONTEXT__;
    expect(redirectOf(() => appTypeGuard('user')({ request: request('/') }))).toMatchObject({ location: '/' });
  });
});
