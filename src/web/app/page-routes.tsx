/**
 * Every page of the app as a route object, once: a lazy module exporting `Component`, shown
 * behind the "Loading..." fallback, with the messages it needs loaded alongside (every page but the
 * public ones also loads the `app` messages, lib/i18n.ts). The route tables
 * (route-tables.tsx: web, mobile user, mobile worker) pick from these, so no page's lazy import is
 * written twice.
 */
import type { RouteObject } from 'react-router';
import type { AppPageHandle } from '@/web/components/seo/app-page-head';
import { loadRouteMessages, type RouteMessages } from '@/web/lib/i18n';

/** A lazy page whose English messages also load on demand (see lib/i18n.ts). */
const withMessages = <T,>(names: RouteMessages | RouteMessages[], page: () => Promise<T>) => async () => {
  const [module] = await Promise.all([page(), ...[names].flat().map(loadRouteMessages)]);
  return module;
};

/** The staff areas: shared staff words plus the area's own. */
const adminPage = <T,>(page: () => Promise<T>) => withMessages(['app', 'staff', 'dispatch', 'people'], page);
const workerPage = <T,>(page: () => Promise<T>) => withMessages(['app', 'staff', 'worker'], page);

/**
 * An app page (accounts, staff areas): its <title> comes from the route, set by the root layout
 * (components/seo/app-page-head.tsx); public pages render their own PageHead instead.
 */
const appPage = (title: string): AppPageHandle => ({ title });

/** The page routes by name, without index/path: each table places them (see route-tables.tsx). */
type PageRoute = Omit<RouteObject, 'index' | 'path' | 'children'> & { lazy: NonNullable<RouteObject['lazy']> };

export const pages = {
  home: { lazy: () => import('@/web/features/home/pages/home-page') },
  auth: { handle: appPage('seo.appPages.auth'), lazy: withMessages('app', () => import('@/web/features/auth/pages/auth-page')) },
  resetPassword: { handle: appPage('seo.appPages.resetPassword'), lazy: withMessages('app', () => import('@/web/features/auth/pages/reset-password-page')) },
  settings: { handle: appPage('seo.appPages.settings'), lazy: withMessages('app', () => import('@/web/features/settings/pages/settings-page')) },
  adminLogin: { handle: appPage('seo.appPages.adminLogin'), lazy: withMessages('app', () => import('@/web/features/admin-login/pages/admin-login-page')) },
  myBookings: { handle: appPage('seo.appPages.myBookings'), lazy: withMessages(['app', 'my-bookings', 'live-status'], () => import('@/web/features/my-bookings/pages/my-bookings-page')) },
  booking: { lazy: withMessages('booking', () => import('@/web/features/booking/pages/booking-page')) },
  about: { lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/about-page')) },
  terms: { lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/terms-page')) },
  privacy: { lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/privacy-page')) },
  cancellations: { lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/cancellations-page')) },
  refunds: { lazy: withMessages('public-pages', () => import('@/web/features/policies/pages/refunds-page')) },
  blogList: { lazy: withMessages('blog', () => import('@/web/features/blog/pages/blog-list-page')) },
  blogPost: { lazy: withMessages('blog', () => import('@/web/features/blog/pages/blog-post-page')) },
  dispatch: { handle: appPage('seo.appPages.dispatch'), lazy: adminPage(() => import('@/web/features/dispatch/pages/dispatch-page')) },
  bookingDetail: { handle: appPage('seo.appPages.bookingDetail'), lazy: adminPage(() => import('@/web/features/dispatch/pages/booking-detail-page')) },
  workers: { handle: appPage('seo.appPages.workers'), lazy: adminPage(() => import('@/web/features/dispatch/pages/workers-page')) },
  customerHistory: { handle: appPage('seo.appPages.customerHistory'), lazy: adminPage(() => import('@/web/features/dispatch/pages/customer-history-page')) },
  dayCalendar: { handle: appPage('seo.appPages.dayCalendar'), lazy: adminPage(() => import('@/web/features/dispatch/pages/day-calendar-page')) },
  workerDay: { handle: appPage('seo.appPages.workerDay'), lazy: workerPage(() => import('@/web/features/worker/pages/worker-day-page')) },
  availability: { handle: appPage('seo.appPages.availability'), lazy: workerPage(() => import('@/web/features/worker/pages/availability-page')) },
  workerSettings: { handle: appPage('seo.appPages.workerSettings'), lazy: withMessages(['app', 'staff', 'worker', 'push'], () => import('@/web/features/worker/pages/worker-settings-page')) },
  workerEnroll: { handle: appPage('seo.appPages.workerEnroll'), lazy: withMessages(['app', 'staff', 'people'], () => import('@/web/features/people/pages/enroll-page')) },
  users: { handle: appPage('seo.appPages.users'), lazy: adminPage(() => import('@/web/features/people/pages/users-page')) },
  workerApplications: { handle: appPage('seo.appPages.workerApplications'), lazy: adminPage(() => import('@/web/features/people/pages/worker-applications-page')) },
  analytics: { handle: appPage('seo.appPages.analytics'), lazy: withMessages(['app', 'staff', 'analytics'], () => import('@/web/features/analytics/pages/analytics-page')) },
  errors: { handle: appPage('seo.appPages.errors'), lazy: withMessages(['app', 'staff', 'errors-admin'], () => import('@/web/features/errors/pages/errors-page')) },
  adminSettings: { handle: appPage('seo.appPages.adminSettings'), lazy: withMessages(['app', 'staff', 'admin-settings', 'push'], () => import('@/web/features/admin-settings/pages/admin-settings-page')) },
  chats: { handle: appPage('seo.appPages.chats'), lazy: withMessages(['app', 'staff'], () => import('@/web/features/chats/pages/admin-chats-page')) },
  notFound: { lazy: () => import('@/web/features/shell/pages/not-found-page') },
} satisfies Record<string, PageRoute>;

export type PageName = keyof typeof pages;
