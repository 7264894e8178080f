/**
 * Which routes the running app serves, for the chrome that links to them (header, footer, account
 * menu; issue #15: "the header and footer only link to routes that exist in the current route
 * table"). Each route table (src/web/app/route-tables.tsx: web, mobile user, mobile worker) puts
 * an `AppTableHandle` on its root route, built from the same path lists as its routes, so a link
 * is shown only when the table would match it: no "Team sign-in" or staff links in the customer
 * app, no booking or customer links in the worker app, the public pages in all three.
 *
 * Outside a table's root route (a component test rendering the header alone) this answers as
 * the web app, where every route exists.
 */
import { matchPath, useMatches } from 'react-router';
import type { AppType } from './app-type';

/** What the chrome needs to know about the running app's route table. */
export interface AppTable {
  /** The mobile app type, or null for the web app. */
  appType: AppType | null;
  /** Paths the table serves, absolute, with route patterns (`/book/:slug`); no catch-all. */
  paths: readonly string[];
  /** Where "Sign In" goes: the staff login in the worker app, the account page elsewhere. */
  signInPath: string;
}

/** The `handle` of a route table's root route. */
export interface AppTableHandle {
  appTable: AppTable;
}

/**
 * The root handle for a table of `appType` serving `paths` (relative child paths as the table
 * places them, `''` for the index route). The worker app signs people in at /admin/login (its
 * home, spec section 2); the others at /auth.
 */
export function appTableHandle(appType: AppType | null, paths: readonly string[]): AppTableHandle {
  const absolute = [...new Set(paths.map((path) => `/${path}`))];
  return { appTable: { appType, paths: absolute, signInPath: appType === 'worker' ? '/admin/login' : '/auth' } };
}

/** Whether `to` (a path, maybe with a query or hash) matches one of the table's paths. */
export function tableHas(table: Pick<AppTable, 'paths'>, to: string): boolean {
  const pathname = to.split(/[?#]/)[0] || '/';
  return table.paths.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/** The web app's table: every route exists (used when no table handle is in the route tree). */
const WEB_FALLBACK = { appType: null, signInPath: '/auth' } as const;

const isTableHandle = (handle: unknown): handle is AppTableHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as AppTableHandle).appTable === 'object';

/**
 * The running app's table, from the root route's handle, with `has(to)`: whether a link to `to`
 * leads to a page of this app rather than the not-found page. Needs a data router.
 */
export function useAppTable(): { appType: AppType | null; signInPath: string; has: (to: string) => boolean } {
  const handle = useMatches().find((match) => isTableHandle(match.handle))?.handle as AppTableHandle | undefined;
  if (!handle) return { ...WEB_FALLBACK, has: () => true };
  const { appTable } = handle;
  return { appType: appTable.appType, signInPath: appTable.signInPath, has: (to) => tableHas(appTable, to) };
}
