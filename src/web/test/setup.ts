import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadRouteMessages } from '@/web/lib/i18n';

// Component tests render pages directly, without the route loaders that bring these messages.
beforeAll(() => Promise.all([loadRouteMessages('my-bookings'), loadRouteMessages('policies')]));

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
