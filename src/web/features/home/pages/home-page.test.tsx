// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/web/lib/i18n';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { Component as HomePage } from './home-page';

const SETTINGS = {
  services: [
    { slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 4900, active: true },
    { slug: 'furniture-assembly', pricingModel: 'per_hour', unitPriceCents: 3500, active: true },
    { slug: 'painting', pricingModel: 'per_room', unitPriceCents: 25000, active: false },
  ],
  taxRateBps: 750,
  serviceAreaZips: [],
  supportPhone: '+18135550100',
  supportEmail: 'support@tampahandyman.example',
  payments: { gateway: 'simulated', testMode: true },
  slotRules: { openMinute: 480, closeMinute: 1200, stepMinutes: 30, leadMinutes: 120, daysAhead: 14 },
};

function serviceCard(name: string) {
  return screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;
}

describe('home page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('promises same-day service in Tampa Bay and a call within 5-10 minutes', () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<HomePage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Same-day handyman in Tampa Bay' })).toBeInTheDocument();
    expect(screen.getAllByText(/within 5-10 minutes/).length).toBeGreaterThan(0);
    for (const promise of ['No hidden fees', 'Licensed and insured', 'Secure card payments']) {
      expect(screen.getByRole('heading', { name: promise })).toBeInTheDocument();
    }
  });

  it('shows the listed prices at once, plus tax, with the service notes', () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<HomePage />);

    expect(serviceCard('TV installation')).toHaveTextContent('$45per jobplus tax');
    expect(serviceCard('Furniture assembly')).toHaveTextContent('$35per hourplus tax');
    expect(serviceCard('Furniture assembly')).toHaveTextContent('Most take 1-3 hours.');
    expect(serviceCard('Painting')).toHaveTextContent('$250per roomplus tax');
    expect(serviceCard('Painting')).toHaveTextContent('a standard 12x12 ft room, not a living room');
    expect(serviceCard('Painting')).toHaveTextContent('we can buy them for you at no extra fee');
  });

  it('links each service to its booking page by name', () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<HomePage />);

    expect(screen.getByRole('link', { name: 'Book TV installation' })).toHaveAttribute('href', '/book/tv-installation');
    expect(screen.getByRole('link', { name: 'Book furniture assembly' })).toHaveAttribute('href', '/book/furniture-assembly');
    expect(screen.getByRole('link', { name: 'Book painting' })).toHaveAttribute('href', '/book/painting');
  });

  it("switches to the server's prices and hides a paused service's Book link", async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT }, 'GET /api/settings/public': { body: SETTINGS } });
    renderPage(<HomePage />);

    expect(await within(serviceCard('TV installation')).findByText('$49')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Book painting' })).not.toBeInTheDocument();
    expect(serviceCard('Painting')).toHaveTextContent('This service is not available right now.');
  });

  it('reads in Spanish', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<HomePage />);
    await i18n.changeLanguage('es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Técnico de mantenimiento el mismo día en Tampa Bay' })).toBeInTheDocument();
    expect(serviceCard('Instalación de TV')).toHaveTextContent('$45por trabajomás impuestos');
    expect(screen.getByRole('link', { name: 'Reservar pintura' })).toHaveAttribute('href', '/book/painting');
  });
});
