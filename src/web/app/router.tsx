/**
 * The app's router: the route table of this page's app type (spec section 2). On the web (no app
 * type) that is the web table, unchanged; inside the mobile app container the user or worker
 * table (route-tables.tsx, lib/app-type.ts). The table is that of the app type as stored at
 * start (without this page's `appType` parameter): an `appType` parameter is taken by the route
 * guards, which store it and, when it changes the type, reload the app at `/` on the new table.
 *
 * A prerendered page (issue #16, docs/decisions/036) is hydrated: its route's lazy module (and
 * messages) must be in before the router starts, or the router's first render would be the
 * "Loading..." fallback instead of the page the HTML shows.
 */
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { detectAppType } from '@/web/lib/app-type';
import { routesFor } from './route-tables';

export { mobileUserRoutes, mobileWorkerRoutes, webRoutes } from './route-tables';

export type AppRouterInstance = ReturnType<typeof createBrowserRouter>;

/** Loads the lazy routes matching `location` and puts what they export on the route objects, as React Router's hydration guide does. */
async function loadMatchedRoutes(routes: RouteObject[], location: Location): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

/**
 * The app's one router (also for code outside the React tree that navigates: the native shell's
 * back button and tapped notifications).
 * @param options.hydrate true when the page's HTML was prerendered: the matched route is loaded first
 * @returns the router, and whether the page can be hydrated: false when the route's code failed to
 *   load (a broken deploy), so the app draws the page itself and the route's error screen shows it
 */
export async function createAppRouter(options: { hydrate: boolean }): Promise<{ router: AppRouterInstance; hydrate: boolean }> {
  const routes = routesFor(detectAppType(''));
  let hydrate = options.hydrate;
  if (hydrate) {
    // A route whose module did not load keeps its `lazy`: the router tries it again and shows its error.
    hydrate = await loadMatchedRoutes(routes, window.location).then(
      () => true,
      () => false,
    );
  }
  return { router: createBrowserRouter(routes), hydrate };
}

export function AppRouter({ router }: { router: AppRouterInstance }) {
  return <RouterProvider router={router} />;
}
