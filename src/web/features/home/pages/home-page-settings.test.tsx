// @vitest-environment jsdom
/**
 * Issue #12: the home page shows the prices (and the call-back promise) an admin saved on /admin/settings, as the public
 * settings answer them — and the new ones once those settings are read again after a save
 * (the admin page refreshes `publicSettingsQueryOptions` when it saves).
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation-policy';
import { publicSettingsQueryOptions } from '@/web/lib/public-settings';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { Component as HomePage } from './home-page';

const settings = (tvCents: number, paintingActive = true, contactPromiseMinutes = { min: 5, max: 10 }) => ({
  services: [
    { slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: tvCents, active: true },
    { slug: 'furniture-assembly', pricingModel: 'per_hour', unitPriceCents: 3500, active: true },
    { slug: 'painting', pricingModel: 'per_room', unitPriceCents: 25000, active: paintingActive },
  ],
  taxRateBps: 750,
  serviceAreaZips: ['33602'],
  slotRules: { openMinute: 480, closeMinute: 1200, weeklyHours: Array.from({ length: 7 }, () => ({ openMinute: 480, closeMinute: 1200 })), stepMinutes: 30, leadMinutes: 120, daysAhead: 14, bufferMinutes: 30 },
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
  contactPromiseMinutes,
  supportPhone: '+18135550100',
  supportEmail: 'support@tampahandyman.example',
  payments: { gateway: 'simulated', testMode: true },
  googleSignIn: false,
});

const card = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('home page prices from the settings', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the price saved in the settings, and the new one after the next save', async () => {
    let current = settings(5200);
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/settings/public': () => ({ body: current }) });
    const { queryClient } = renderPage(<HomePage />);

    expect(await within(card('TV installation')).findByText('$52')).toBeInTheDocument();
    expect(card('TV installation')).toHaveTextContent('$52per jobplus tax');

    // An admin saves $54.50 and pauses painting: the settings are read again
    current = settings(5450, false);
    await queryClient.invalidateQueries({ queryKey: publicSettingsQueryOptions.queryKey });
    expect(await within(card('TV installation')).findByText('$54.50')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book painting' })).not.toBeInTheDocument();
  });

  it('promises the call-back minutes saved in the settings', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/settings/public': { body: settings(4500, true, { min: 10, max: 15 }) } });
    renderPage(<HomePage />);
    expect(await screen.findByText('We call you within 10-15 minutes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'We call within 10-15 minutes' })).toBeInTheDocument();
    expect(screen.queryByText(/5-10 minutes/)).not.toBeInTheDocument();
  });
});
