import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadRouteMessages, type RouteMessages } from '@/web/lib/i18n';

// findBy* and waitFor wait up to 5 s (Testing Library's default: 1 s): the test run loads both
// cores with the API suites and the browser tests beside these, and a page that renders late is
// not a failure; one that never renders still is.
configure({ asyncUtilTimeout: 5000 });

const ROUTE_MESSAGES: RouteMessages[] = ['app', 'my-bookings', 'public-pages', 'live-status', 'staff', 'dispatch', 'worker', 'people'];

// Component tests render pages directly, without the route loaders that bring these messages.
beforeAll(() => Promise.all(ROUTE_MESSAGES.map(loadRouteMessages)));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
