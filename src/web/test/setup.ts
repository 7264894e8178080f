import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadRouteMessages, type RouteMessages } from '@/web/lib/i18n';

const ROUTE_MESSAGES: RouteMessages[] = ['app', 'my-bookings', 'public-pages', 'live-status', 'staff', 'dispatch', 'worker', 'people'];

// Component tests render pages directly, without the route loaders that bring these messages.
beforeAll(() => Promise.all(ROUTE_MESSAGES.map(loadRouteMessages)));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
