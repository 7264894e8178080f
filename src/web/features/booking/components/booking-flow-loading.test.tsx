// @vitest-environment jsdom
// The flow's later steps and draft rules load lazily (issue #16): on the first touch for a new
// visitor, at once for a draft past the first step. These tests start with nothing loaded, so
// they use the providers without ./render.tsx's up-front preload; the module state they load
// stays for the rest of this file, hence the order.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import { markHydrationEnd, markHydrationStart } from '@/web/lib/hydration';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT_ME } from '@/web/lib/auth';
import { newDraft, type BookingDraft } from '../hooks/use-booking-draft';
import { Component as BookingPage } from '../pages/booking-page';
import { fakeApi, renderWithProviders, TEST_SETTINGS } from '../testing/providers';

const START = '2026-05-15T18:00:00.000Z';

function api() {
  return fakeApi({
    'GET /api/me': () => ({ body: SIGNED_OUT_ME }),
    'GET /api/settings/public': () => ({ body: TEST_SETTINGS }),
    'GET /api/services/tv-installation/slots': () => ({ body: { date: '2026-05-15', dates: ['2026-05-15', '2026-05-16'], starts: [START] } }),
  });
}

const renderPage = () => renderWithProviders(<BookingPage />, { route: '/book/tv-installation', path: '/book/:slug' });

/** A draft the customer left on the Date & Time step, as sessionStorage keeps it across a reload. */
function saveDateTimeDraft() {
  const draft = newDraft('tv-installation');
  const saved: BookingDraft = {
    ...draft,
    step: 'datetime',
    options: { ...draft.options, 'tv-installation': { service: 'tv-installation', screenSize: '56_65', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true } as BookingDraft['options']['tv-installation'] },
  };
  sessionStorage.setItem('booking-draft:tv-installation', JSON.stringify(saved));
}

/** The booking page as the prerendering draws it and as the browser hydrates it (no retries, a fresh query client each). */
const pageTree = () => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    <MemoryRouter initialEntries={['/book/tv-installation']}>
      <Routes>
        <Route path="/book/:slug" element={<BookingPage />} />
      </Routes>
    </MemoryRouter>
  </QueryClientProvider>
);

describe('booking flow, loading its later steps', () => {
  it('hydrates the prerendered first step without a mismatch, then shows the draft saved on Date & Time', async () => {
    api();
    const container = document.createElement('div');
    container.innerHTML = renderToString(pageTree()); // the prerendered page: no draft on the server
    document.body.appendChild(container);
    saveDateTimeDraft();
    const recoverable = vi.fn();

    markHydrationStart();
    await act(async () => {
      hydrateRoot(container, pageTree(), { onRecoverableError: recoverable });
    });
    markHydrationEnd();

    expect(await screen.findByRole('heading', { level: 2, name: 'Date & Time' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem('booking-draft:tv-installation')!)).toMatchObject({ step: 'datetime' });
    container.remove();
    sessionStorage.clear();
  });

  it('shows a draft saved on the Date & Time step again without waiting for a touch', async () => {
    api();
    saveDateTimeDraft();
    renderPage();

    expect(await screen.findByRole('heading', { level: 2, name: 'Date & Time' }, { timeout: 10_000 })).toBeInTheDocument();
    sessionStorage.clear();
  });

  it("takes a new visitor from the first step to Options & Details once they press Next", async () => {
    api();
    renderPage();

    expect(await screen.findByRole('heading', { level: 2, name: 'Service' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Options & Details' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});
