/**
 * The app's router: the route table of this page's app type (spec section 2). On the web (no app
 * type) that is the web table, unchanged; inside the mobile app container the user or worker
 * table (route-tables.tsx, lib/app-type.ts). The table is that of the app type as stored at
 * start (without this page's `appType` parameter): an `appType` parameter is taken by the route
 * guards, which store it and, when it changes the type, reload the app at `/` on the new table.
 */
import { createBrowserRouter, RouterProvider } from 'react-router';
import { detectAppType } from '@/web/lib/app-type';
import { routesFor } from './route-tables';

export { mobileUserRoutes, mobileWorkerRoutes, webRoutes } from './route-tables';

const router = createBrowserRouter(routesFor(detectAppType('')));

/** The app's one router, for code outside the React tree that navigates (the native shell: back button, tapped notifications). */
export const appRouter = router;

export function AppRouter() {
  return <RouterProvider router={router} />;
}
