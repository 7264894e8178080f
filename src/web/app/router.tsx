/**
 * The route tables. The web variant (no app type) registers every route of spec section 2
 * without guards; the mobile user and worker tables come with the mobile issue. Every page is a
 * lazy module exporting `Component`, shown behind the "Loading..." fallback.
 */
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { RootLayout } from '@/web/components/layout/root-layout';
import type { AppPageHandle } from '@/web/components/seo/app-page-head';
import { ErrorScreen } from '@/web/components/errors/error-screen';
import { loadRouteMessages, type RouteMessages } from '@/web/lib/i18n';


/** A lazy page whose English messages also load on demand (see lib/i18n.ts). */
const withMessages = <T,>(names: RouteMessages | RouteMessages[], page: () => Promise<T>) => async () => {
  const [module] = await Promise.all([page(), ...[names].flat().map(loadRouteMessages)]);
  return module;
};

/** The staff areas: shared staff words plus the area's own. */
const adminPage = <T,>(page: () => Promise<T>) => withMessages(['staff', 'dispatch', 'people'], page);
const workerPage = <T,>(page: () => Promise<T>) => withMessages(['staff', 'worker'], page);

/**
 * An app page (accounts, staff areas): its <title> comes from the route, set by the root layout
 * (components/seo/app-page-head.tsx); public pages render their own PageHead instead.
 */
const appPage = (title: string): AppPageHandle => ({ title });

export const webRoutes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: ErrorScreen,
    HydrateFallback: LoadingScreen,
    children: [
      { index: true, lazy: () => import('@/web/features/home/pages/home-page') },
      { path: 'auth', handle: appPage('seo.appPages.auth'), lazy: () => import('@/web/features/auth/pages/auth-page') },
      { path: 'reset-password', handle: appPage('seo.appPages.resetPassword'), lazy: () => import('@/web/features/auth/pages/reset-password-page') },
      { path: 'settings', handle: appPage('seo.appPages.settings'), lazy: () => import('@/web/features/settings/pages/settings-page') },
      { path: 'admin/login', handle: appPage('seo.appPages.adminLogin'), lazy: () => import('@/web/features/admin-login/pages/admin-login-page') },
      { path: 'my-bookings', handle: appPage('seo.appPages.myBookings'), lazy: withMessages(['my-bookings', 'live-status'], () => import('@/web/features/my-bookings/pages/my-bookings-page')) },
      { path: 'book/:slug', lazy: withMessages('live-status', () => import('@/web/features/booking/pages/booking-page')) },
      { path: 'services/:slug/book', lazy: withMessages('live-status', () => import('@/web/features/booking/pages/booking-page')) },
      { path: 'about', lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/about-page')) },
      { path: 'terms', lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/terms-page')) },
      { path: 'privacy', lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/privacy-page')) },
      { path: 'cancellations', lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/cancellations-page')) },
      { path: 'refunds', lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/refunds-page')) },
      { path: 'blog', lazy: withMessages('blog', () => import('@/web/features/blog/pages/blog-list-page')) },
      { path: 'blog/:slug', lazy: withMessages('blog', () => import('@/web/features/blog/pages/blog-post-page')) },
      { path: 'admin', handle: appPage('seo.appPages.dispatch'), lazy: adminPage(() => import('@/web/features/dispatch/pages/dispatch-page')) },
      { path: 'admin/bookings/:id', handle: appPage('seo.appPages.bookingDetail'), lazy: adminPage(() => import('@/web/features/dispatch/pages/booking-detail-page')) },
      { path: 'admin/workers', handle: appPage('seo.appPages.workers'), lazy: adminPage(() => import('@/web/features/dispatch/pages/workers-page')) },
      { path: 'admin/customers/:id', handle: appPage('seo.appPages.customerHistory'), lazy: adminPage(() => import('@/web/features/dispatch/pages/customer-history-page')) },
      { path: 'admin/calendar', handle: appPage('seo.appPages.dayCalendar'), lazy: adminPage(() => import('@/web/features/dispatch/pages/day-calendar-page')) },
      { path: 'worker', handle: appPage('seo.appPages.workerDay'), lazy: workerPage(() => import('@/web/features/worker/pages/worker-day-page')) },
      { path: 'worker/availability', handle: appPage('seo.appPages.availability'), lazy: workerPage(() => import('@/web/features/worker/pages/availability-page')) },
      { path: 'worker/settings', handle: appPage('seo.appPages.workerSettings'), lazy: workerPage(() => import('@/web/features/worker/pages/worker-settings-page')) },
      { path: 'worker/enroll', handle: appPage('seo.appPages.workerEnroll'), lazy: withMessages(['staff', 'people'], () => import('@/web/features/people/pages/enroll-page')) },
      { path: 'admin/users', handle: appPage('seo.appPages.users'), lazy: adminPage(() => import('@/web/features/people/pages/users-page')) },
      { path: 'admin/worker-applications', handle: appPage('seo.appPages.workerApplications'), lazy: adminPage(() => import('@/web/features/people/pages/worker-applications-page')) },
      { path: 'admin/analytics', handle: appPage('seo.appPages.analytics'), lazy: withMessages(['staff', 'analytics'], () => import('@/web/features/analytics/pages/analytics-page')) },
      { path: 'admin/errors', handle: appPage('seo.appPages.errors'), lazy: withMessages(['staff', 'errors-admin'], () => import('@/web/features/errors/pages/errors-page')) },
      { path: 'admin/settings', handle: appPage('seo.appPages.adminSettings'), lazy: withMessages(['staff', 'admin-settings'], () => import('@/web/features/admin-settings/pages/admin-settings-page')) },
      { path: 'admin/chats', handle: appPage('seo.appPages.chats'), lazy: withMessages('staff', () => import('@/web/features/chats/pages/admin-chats-page')) },
      { path: '*', lazy: () => import('@/web/features/shell/pages/not-found-page') },
    ],
  },
];

const router = createBrowserRouter(webRoutes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
