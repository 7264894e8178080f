// @vitest-environment jsdom
/**
 * Issue #15: the links the chrome may show come from the route table the app runs on. Each
 * table's root handle must answer "has this path" exactly as the table itself matches it (a
 * page, not the not-found catch-all), for every app.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mobileUserRoutes, mobileWorkerRoutes, webRoutes } from '@/web/app/route-tables';
import { appTableHandle, tableHas, type AppTableHandle } from './app-routes';

const PATHS = [
  '/', '/auth', '/reset-password', '/settings', '/admin/login', '/my-bookings', '/book/tv-installation', '/services/painting/book',
  '/about', '/terms', '/privacy', '/cancellations', '/refunds', '/blog', '/blog/a-post',
  '/admin', '/admin/bookings/b1', '/admin/workers', '/admin/customers/c1', '/admin/calendar', '/admin/users', '/admin/worker-applications',
  '/admin/analytics', '/admin/errors', '/admin/settings', '/admin/chats', '/worker', '/worker/availability', '/worker/settings', '/worker/enroll',
  '/nope', '/admin/nope', '/book',
];

const servesPage = (routes: RouteObject[], path: string) => matchRoutes(routes, path)?.at(-1)?.route.path !== '*';
const handleOf = (routes: RouteObject[]) => (routes[0]!.handle as AppTableHandle).appTable;

describe('the route tables as the chrome sees them', () => {
  it.each([
    ['web', webRoutes, null],
    ['user', mobileUserRoutes, 'user'],
    ['worker', mobileWorkerRoutes, 'worker'],
  ] as const)('the %s table says it has exactly the paths it shows a page for', (_name, routes, appType) => {
    const table = handleOf(routes);
    expect(table.appType).toBe(appType);
    for (const path of PATHS) expect(tableHas(table, path), path).toBe(servesPage(routes, path));
  });

  it('leaves customer places out of the worker app and staff places out of the customer app', () => {
    const worker = handleOf(mobileWorkerRoutes);
    const user = handleOf(mobileUserRoutes);
    for (const path of ['/my-bookings', '/settings', '/book/tv-installation']) expect(tableHas(worker, path), path).toBe(false);
    for (const path of ['/admin', '/admin/login', '/worker', '/admin/chats']) expect(tableHas(user, path), path).toBe(false);
    for (const path of ['/terms', '/blog/x']) {
      expect(tableHas(worker, path)).toBe(true);
      expect(tableHas(user, path)).toBe(true);
    }
  });

  it('signs in at the staff login in the worker app and at /auth elsewhere', () => {
    expect(handleOf(mobileWorkerRoutes).signInPath).toBe('/admin/login');
    expect(handleOf(mobileUserRoutes).signInPath).toBe('/auth');
    expect(handleOf(webRoutes).signInPath).toBe('/auth');
  });

  it('ignores a query or hash in a link', () => {
    const table = appTableHandle('user', ['', 'my-bookings']).appTable;
    expect(tableHas(table, '/my-bookings?booking=1#top')).toBe(true);
    expect(tableHas(table, '/?appType=user')).toBe(true);
    expect(tableHas(table, '/worker?x=1')).toBe(false);
  });
});
