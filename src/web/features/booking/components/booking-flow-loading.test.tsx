// @vitest-environment jsdom
// The flow's later steps and draft rules load lazily (issue #16): on the first touch for a new
// visitor, at once for a draft past the first step. These tests start with nothing loaded, so
// they use the providers without ./render.tsx's up-front preload; the module state they load
// stays for the rest of this file, hence the order.
import { screen } from '@testing-library/react';
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

describe('booking flow, loading its later steps', () => {
  it('shows a draft saved on the Date & Time step again without waiting for a touch', async () => {
    api();
    const draft = newDraft('tv-installation');
    const saved: BookingDraft = {
      ...draft,
      step: 'datetime',
      options: { ...draft.options, 'tv-installation': { service: 'tv-installation', screenSize: '56_65', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true } as BookingDraft['options']['tv-installation'] },
    };
    sessionStorage.setItem('booking-draft:tv-installation', JSON.stringify(saved));
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
