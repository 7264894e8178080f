/**
 * The route tables. The web variant (no app type) registers every route of spec section 2
 * without guards; the mobile user and worker tables come with the mobile issue. Every page is a
 * lazy module exporting `Component`, shown behind the "Loading..." fallback.
 */
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { RootLayout } from '@/web/components/layout/root-layout';
import { ErrorScreen } from '@/web/components/errors/error-screen';
import { loadRouteMessages, type RouteMessages } from '@/web/lib/i18n';

const notAvailableYet = () => import('@/web/features/shell/pages/not-available-page');

/** A lazy page whose English messages also load on demand (see lib/i18n.ts). */
const withMessages = <T,>(name: RouteMessages, page: () => Promise<T>) => async () => (await Promise.all([loadRouteMessages(name), page()]))[1];

/** Routes owned by later issues: they render an honest "not available yet" page until then. */
const LATER_ROUTES = [
  '/terms', '/privacy', '/about', '/blog', '/blog/:slug', '/reset-password',
  '/admin/login', '/admin', '/admin/chats', '/admin/analytics', '/admin/users', '/admin/workers',
  '/admin/worker-applications', '/admin/settings', '/admin/errors',
  '/worker', '/worker/settings', '/worker/availability', '/worker/enroll', '/settings',
];

export const webRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorScreen,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, lazy: () => import('@/web/features/home/pages/home-page') },
      { path: 'auth', lazy: () => import('@/web/features/auth/pages/auth-page') },
      { path: 'my-bookings', lazy: withMessages('my-bookings', () => import('@/web/features/my-bookings/pages/my-bookings-page')) },
      { path: 'book/:slug', lazy: () => import('@/web/features/booking/pages/booking-page') },
      { path: 'services/:slug/book', lazy: () => import('@/web/features/booking/pages/booking-page') },
      { path: 'cancellations', lazy: withMessages('policies', () => import('@/web/features/policies/pages/cancellations-page')) },
      { path: 'refunds', lazy: withMessages('policies', () => import('@/web/features/policies/pages/refunds-page')) },
      ...LATER_ROUTES.map((path) => ({ path: path.slice(1), lazy: notAvailableYet })),
      { path: '*', lazy: () => import('@/web/features/shell/pages/not-found-page') },
    ],
  },
];

const router = createBrowserRouter(webRoutes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
