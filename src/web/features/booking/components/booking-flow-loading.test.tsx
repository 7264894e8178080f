// @vitest-environment jsdom
// The flow's later steps and draft rules load lazily (issue #16): on the first touch for a new
// visitor, at once for a draft past the first step. These tests start with nothing loaded, so
// they use the providers without ./render.tsx's up-front preload; the module state they load
// stays for the rest of this file, hence the order.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT_ME } from '@/web/lib/auth';
import { markHydrationEnd, markHydrationStart } from '@/web/lib/hydration';
import { newDraft, type BookingDraft } from '../hooks/use-booking-draft';
import { Component as BookingPage } from '../pages/booking-page';
import { fakeApi, renderWithProviders, TEST_SETTINGS, withProviders } from '../testing/providers';

const START = '2026-05-15T18:00:00.000Z';

function api() {
  return fakeApi({
    'GET /api/me': () => ({ body: SIGNED_OUT_ME }),
    'GET /api/settings/public': () => ({ body: TEST_SETTINGS }),
    'GET /api/services/tv-installation/slots': () => ({ body: { date: '2026-05-15', dates: ['2026-05-15', '2026-05-16'], starts: [START] } }),
  });
}

const PAGE = { route: '/book/tv-installation', path: '/book/:slug' };
const renderPage = () => renderWithProviders(<BookingPage />, PAGE);

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

describe('booking flow, loading its later steps', () => {
  it('hydrates the prerendered first step without a mismatch, then shows the draft saved on Date & Time', async () => {
    api();
    const container = document.createElement('div');
    container.innerHTML = renderToString(withProviders(<BookingPage />, PAGE)); // the prerendered page: no draft on the server
    document.body.appendChild(container);
    saveDateTimeDraft();
    const recoverable = vi.fn();

    markHydrationStart();
    await act(async () => {
      hydrateRoot(container, withProviders(<BookingPage />, PAGE), { onRecoverableError: recoverable });
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
