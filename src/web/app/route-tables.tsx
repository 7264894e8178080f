/**
 * The three route tables of spec section 2, built from the same page routes (page-routes.tsx):
 * - web (no app type): every route, no guards;
 * - mobile worker: `/` and `/admin/login` show the admin login; `/auth`, the `/admin` routes
 *   except `/admin/worker-applications`, `/worker`, `/worker/settings`, `/worker/availability`;
 * - mobile user: `/` (home), `/auth`, `/my-bookings`, `/settings`, `/services/{slug}/book`,
 *   `/book/{slug}`.
 * In the mobile tables each of those routes is guarded: a page whose app type is not the table's
 * (e.g. after `?appType=user` in the worker app) is sent to `/` by a full reload, which picks the
 * table of the new app type. Public pages (policies, blog) are in every table without a guard;
 * any other path is the not-found page.
 */
import { redirectDocument, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { RootLayout } from '@/web/components/layout/root-layout';
import { ErrorScreen } from '@/web/components/errors/error-screen';
import { detectAppType, type AppType } from '@/web/lib/app-type';
import { appTableHandle } from '@/web/lib/app-routes';
import { pages, type PageName } from './page-routes';

type Placement = readonly [path: string, page: PageName];

/** The web table's routes, in match order; `''` is the index route. */
const WEB: Placement[] = [
  ['', 'home'], ['auth', 'auth'], ['reset-password', 'resetPassword'], ['settings', 'settings'], ['admin/login', 'adminLogin'],
  ['my-bookings', 'myBookings'], ['book/:slug', 'booking'], ['services/:slug/book', 'booking'],
  ['about', 'about'], ['terms', 'terms'], ['privacy', 'privacy'], ['cancellations', 'cancellations'], ['refunds', 'refunds'],
  ['blog', 'blogList'], ['blog/:slug', 'blogPost'],
  ['admin', 'dispatch'], ['admin/bookings/:id', 'bookingDetail'], ['admin/workers', 'workers'], ['admin/customers/:id', 'customerHistory'], ['admin/calendar', 'dayCalendar'],
  ['worker', 'workerDay'], ['worker/availability', 'availability'], ['worker/settings', 'workerSettings'], ['worker/enroll', 'workerEnroll'],
  ['admin/users', 'users'], ['admin/worker-applications', 'workerApplications'], ['admin/analytics', 'analytics'], ['admin/errors', 'errors'],
  ['admin/settings', 'adminSettings'], ['admin/chats', 'chats'],
];

/** Public pages: in every table, never guarded. */
const PUBLIC: Placement[] = [['about', 'about'], ['terms', 'terms'], ['privacy', 'privacy'], ['cancellations', 'cancellations'], ['refunds', 'refunds'], ['blog', 'blogList'], ['blog/:slug', 'blogPost']];

/** The mobile worker app's own routes (spec section 2, "Mobile worker variant"). */
const WORKER_APP: Placement[] = [
  ['', 'adminLogin'], ['admin/login', 'adminLogin'], ['auth', 'auth'],
  ['admin', 'dispatch'], ['admin/bookings/:id', 'bookingDetail'], ['admin/workers', 'workers'], ['admin/customers/:id', 'customerHistory'], ['admin/calendar', 'dayCalendar'],
  ['admin/users', 'users'], ['admin/analytics', 'analytics'], ['admin/errors', 'errors'], ['admin/settings', 'adminSettings'], ['admin/chats', 'chats'],
  ['worker', 'workerDay'], ['worker/settings', 'workerSettings'], ['worker/availability', 'availability'],
];

/** The mobile user app's own routes (spec section 2, "Mobile user variant"). */
const USER_APP: Placement[] = [['', 'home'], ['auth', 'auth'], ['my-bookings', 'myBookings'], ['settings', 'settings'], ['services/:slug/book', 'booking'], ['book/:slug', 'booking']];

/**
 * The guard of a mobile route: when this page's app type (detectAppType, which also stores an
 * `appType` parameter) is not `required`, it throws a document redirect to `/` so the app starts
 * again on the table of the app type it now has. Resolves to null when the type matches.
 */
export function appTypeGuard(required: AppType) {
  return ({ request }: Pick<LoaderFunctionArgs, 'request'>) => {
    if (detectAppType(new URL(request.url).search) !== required) throw redirectDocument('/');
    return null;
  };
}

const place = ([path, page]: Placement, guard?: AppType): RouteObject => ({
  ...(path === '' ? { index: true } : { path }),
  ...pages[page],
  ...(guard ? { loader: appTypeGuard(guard) } : {}),
});

/**
 * A table's root: the layout around its pages and the not-found catch-all. Its handle names the
 * app and the paths placed (lib/app-routes.ts), so the header and footer link only to them.
 */
const table = (appType: AppType | null, guarded: Placement[], open: Placement[] = []): RouteObject[] => [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorScreen,
    HydrateFallback: LoadingScreen,
    handle: appTableHandle(appType, [...guarded, ...open].map(([path]) => path)),
    children: [...guarded.map((p) => place(p, appType ?? undefined)), ...open.map((p) => place(p)), { path: '*', ...pages.notFound }],
  },
];

/** The web app: every route of spec section 2, no guards. */
export const webRoutes = table(null, WEB);
/** The mobile worker app. */
export const mobileWorkerRoutes = table('worker', WORKER_APP, PUBLIC);
/** The mobile user app. */
export const mobileUserRoutes = table('user', USER_APP, PUBLIC);

/** The table for an app type: null (the web) gets the web table. */
export function routesFor(appType: AppType | null): RouteObject[] {
  if (appType === 'worker') return mobileWorkerRoutes;
  if (appType === 'user') return mobileUserRoutes;
  return webRoutes;
}
