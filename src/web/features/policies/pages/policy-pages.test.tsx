// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation-policy';
import i18n from '@/web/lib/i18n';
import { mockApi, renderPage } from '@/web/test/render-route';
import { Component as AboutPage } from './about-page';
import { Component as CancellationsPage } from './cancellations-page';
import { Component as PrivacyPage } from './privacy-page';
import { Component as RefundsPage } from './refunds-page';
import { Component as TermsPage } from './terms-page';

/** Numbers other than the defaults, so the pages can only show them by reading the settings. */
const POLICY = { freeNoticeHours: 48, feeNoticeHours: 6, feePercent: 25, graceMinutes: 10, rescheduleNoticeHours: 36, refundBusinessDays: { min: 2, max: 7 } };

function publicSettings(overrides: Record<string, unknown> = {}) {
  return {
    services: [
      { slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 5000, active: true },
      { slug: 'furniture-assembly', pricingModel: 'per_hour', unitPriceCents: 4000, active: true },
      { slug: 'painting', pricingModel: 'per_room', unitPriceCents: 30000, active: true },
    ],
    taxRateBps: 825,
    serviceAreaZips: ['33602'],
    supportPhone: '+18135550100',
    supportEmail: 'help@example.com',
    payments: { gateway: 'simulated', testMode: true },
    cancellationPolicy: POLICY,
    contactPromiseMinutes: { min: 3, max: 8 },
    googleSignIn: false,
    ...overrides,
  };
}

/** Serves the settings held in `current`, so a test can change them the way an admin would. */
function withSettings(overrides: Record<string, unknown> = {}) {
  const current = { body: publicSettings(overrides) };
  mockApi({ 'GET /api/settings/public': () => current });
  return current;
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const section = (heading: string) => screen.getByRole('heading', { level: 2, name: heading }).closest('section') as HTMLElement;

/** One h1, then h2s (an h3 only under an h2): what a screen reader's heading list needs. */
function expectHeadingsInOrder() {
  const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  expect(levels[0]).toBe(1);
  levels.slice(1).forEach((level, index) => expect(level - levels[index]!).toBeLessThanOrEqual(1));
}

describe('public pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it.each<[string, ComponentType, string, string]>([
    ['/about', AboutPage, 'About Us', 'Sobre nosotros'],
    ['/terms', TermsPage, 'Terms of Service', 'Términos del servicio'],
    ['/privacy', PrivacyPage, 'Privacy Policy', 'Política de privacidad'],
    ['/refunds', RefundsPage, 'Refund Policy', 'Política de reembolsos'],
    ['/cancellations', CancellationsPage, 'Cancellation Policy', 'Política de cancelación'],
  ])('%s shares the layout: one h1, the last-updated date, support contacts and links to the other pages, in both languages', async (path, Page, title, spanishTitle) => {
    withSettings();
    renderPage(<Page />, { path });

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expectHeadingsInOrder();
    expect(screen.getByText('Last updated:').querySelector('time')).toHaveAttribute('dateTime', '2026-11-23');
    expect(screen.getByText('November 23, 2026')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /help@example\.com/ })).toHaveAttribute('href', 'mailto:help@example.com');
    expect(screen.getByRole('link', { name: /813\) 555-0100/ })).toHaveAttribute('href', 'tel:+18135550100');
    const related = screen.getByRole('navigation', { name: 'More about us' });
    const links = within(related).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toHaveLength(4);
    expect(links).not.toContain(path);

    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { level: 1, name: spanishTitle })).toBeInTheDocument();
    expect(screen.getByText('Última actualización:')).toBeInTheDocument();
    expect(screen.getByText('23 de noviembre de 2026')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Más sobre nosotros' })).toBeInTheDocument();
  });

  it('/about shows prices, tax and the call-back promise from the settings, and follows a change at once', async () => {
    const settings = withSettings();
    const { queryClient } = renderPage(<AboutPage />, { path: '/about' });

    expect(await screen.findByText('TV installation: $50 per job, wall mounting for any screen size.')).toBeInTheDocument();
    const services = section('What we do');
    expect(within(services).getByText(/^Furniture assembly: \$40 per hour\./)).toBeInTheDocument();
    expect(within(services).getByText(/^Interior painting: \$300 per room/)).toBeInTheDocument();
    expect(within(services).getByText('Prices are plus sales tax (8.25%). You see the full total, tax included, before you book.')).toBeInTheDocument();
    expect(within(section('How booking works')).getByText(/^We call you within 3-8 minutes/)).toBeInTheDocument();
    expect(screen.getByText('A call within 3-8 minutes after you book.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to join our team' })).toHaveAttribute('href', '/worker/enroll');

    // An admin raises the TV price, the tax and the call-back window, and pauses painting.
    settings.body = publicSettings({
      services: [
        { slug: 'tv-installation', pricingModel: 'per_job', unitPriceCents: 5500, active: true },
        { slug: 'furniture-assembly', pricingModel: 'per_hour', unitPriceCents: 4000, active: true },
        { slug: 'painting', pricingModel: 'per_room', unitPriceCents: 30000, active: false },
      ],
      taxRateBps: 700,
      contactPromiseMinutes: { min: 10, max: 15 },
    });
    await queryClient.invalidateQueries({ queryKey: ['settings', 'public'] });

    expect(await screen.findByText('TV installation: $55 per job, wall mounting for any screen size.')).toBeInTheDocument();
    expect(screen.getByText('Prices are plus sales tax (7%). You see the full total, tax included, before you book.')).toBeInTheDocument();
    expect(screen.getByText('A call within 10-15 minutes after you book.')).toBeInTheDocument();
    expect(screen.queryByText(/Interior painting/)).not.toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByText('Instalación de TV: $55 por trabajo, montaje en pared para pantallas de cualquier tamaño.')).toBeInTheDocument();
    expect(screen.getByText('Una llamada en 10-15 minutos después de reservar.')).toBeInTheDocument();
    expect(screen.getByText('Los precios son más impuesto sobre las ventas (7%). Verá el total, con impuestos, antes de reservar.')).toBeInTheDocument();
  });

  it('/terms quotes prices, tax, the policy, refund days and the call-back from the settings, in both languages', async () => {
    withSettings();
    renderPage(<TermsPage />, { path: '/terms' });

    expect(await screen.findByText('TV installation: $50 per job.')).toBeInTheDocument();
    expect(screen.getByText(/^Furniture assembly: \$40 per hour, charged for the time actually worked/)).toBeInTheDocument();
    expect(screen.getByText(/^Painting: \$300 per room/)).toBeInTheDocument();
    expect(screen.getByText('Prices are listed before sales tax. Tax (8.25%) is added and shown before you book.')).toBeInTheDocument();
    expect(screen.getByText(/We call you within 3-8 minutes to confirm it/)).toBeInTheDocument();
    const cancelling = section('Cancelling and rescheduling');
    expect(within(cancelling).getByText('Cancelling is free 48 hours or more before your appointment, or within 10 minutes of booking.')).toBeInTheDocument();
    expect(within(cancelling).getByText('Cancelling between 6 and 48 hours before costs a 25% cancellation fee.')).toBeInTheDocument();
    expect(within(cancelling).getByText("Rescheduling is free with at least 36 hours' notice.")).toBeInTheDocument();
    expect(within(cancelling).getByRole('link', { name: 'Read the full cancellation policy' })).toHaveAttribute('href', '/cancellations');
    expect(screen.getByText('Approved refunds go back to the card you paid with and reach it in 2-7 business days.')).toBeInTheDocument();
    expect(screen.getByText(/governed by the laws of the State of Florida/)).toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByText('Instalación de TV: $50 por trabajo.')).toBeInTheDocument();
    expect(screen.getByText('Los precios se publican sin el impuesto sobre las ventas. El impuesto (8.25%) se suma y se muestra antes de reservar.')).toBeInTheDocument();
    expect(screen.getByText('Cancelar entre 6 y 48 horas antes tiene un cargo por cancelación del 25%.')).toBeInTheDocument();
    expect(screen.getByText('Cambiar la fecha es gratis con al menos 36 horas de anticipación.')).toBeInTheDocument();
    expect(screen.getByText(/Le llamamos en 3-8 minutos para confirmarla/)).toBeInTheDocument();
  });

  it('/privacy lists what is stored, the processors and how to delete the account, in both languages', async () => {
    withSettings();
    renderPage(<PrivacyPage />, { path: '/privacy' });

    const stored = section('What we store');
    for (const item of [/^Your account:/, /^Addresses:/, /^Bookings:/, /^Chats:/, /^Cards:/, /^Analytics:/, /^Error logs:/]) {
      expect(within(stored).getByText(item)).toBeInTheDocument();
    }
    const processors = section('Who processes it for us');
    for (const name of [/^Stripe: card payments/, /^Our email provider \(SMTP\)/, /^Twilio:/, /^Google Maps Places:/, /^Sentry: error reports, when it is turned on/, /plus Google Analytics when it is turned on/]) {
      expect(within(processors).getByText(name)).toBeInTheDocument();
    }
    const deleting = section('Deleting your account');
    expect(within(deleting).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(deleting).toHaveTextContent('go to Account Security and choose Delete account');
    expect(await screen.findByText('To get a copy of your information, or to ask about it, write to us at help@example.com.')).toBeInTheDocument();

    await i18n.changeLanguage('es');
    const borrar = (await screen.findByRole('heading', { level: 2, name: 'Eliminar su cuenta' })).closest('section') as HTMLElement;
    expect(within(borrar).getByRole('link', { name: 'Configuración' })).toHaveAttribute('href', '/settings');
    expect(borrar).toHaveTextContent('vaya a Seguridad de la cuenta y elija Eliminar cuenta');
    expect(screen.getByText(/^Twilio: envía los mensajes de texto/)).toBeInTheDocument();
    expect(screen.getByText('Para obtener una copia de su información, o preguntar sobre ella, escríbanos a help@example.com.')).toBeInTheDocument();
  });

  it('/cancellations shows the tiers, rescheduling, the hold and refund timing with the numbers from settings', async () => {
    withSettings();
    renderPage(<CancellationsPage />, { path: '/cancellations' });

    expect(screen.getByRole('heading', { level: 1, name: 'Cancellation Policy' })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: '48 hours or more before the appointment' })).toBeInTheDocument();
    expect(row('48 hours or more before the appointment')).toHaveTextContent('Nothing. The hold on your card is released.');
    expect(row('Between 6 and 48 hours before')).toHaveTextContent('A 25% cancellation fee.');
    expect(row('Less than 6 hours before (same day)')).toHaveTextContent('The full amount.');
    expect(row('No-show: nobody is there to let the technician in')).toHaveTextContent('The full amount.');
    expect(row('Within 10 minutes of booking, whenever the appointment is')).toHaveTextContent('Nothing.');
    expect(screen.getByText("Moving your booking to another available time is free with at least 36 hours' notice.")).toBeInTheDocument();
    expect(screen.getByText("When you book, we only place a hold on your card for the total. You're charged after the job is done.")).toBeInTheDocument();
    expect(screen.getByText('Released holds and refunds reach your card in 2-7 business days, depending on your bank.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the refund policy' })).toHaveAttribute('href', '/refunds');
    expect(screen.getByRole('link', { name: 'Go to My Bookings' })).toHaveAttribute('href', '/my-bookings');
  });

  it('/cancellations shows the default policy while the settings load', () => {
    mockApi({ 'GET /api/settings/public': () => new Promise(() => {}) as never });
    renderPage(<CancellationsPage />, { path: '/cancellations' });

    expect(row(`${DEFAULT_CANCELLATION_POLICY.freeNoticeHours} hours or more before the appointment`)).toHaveTextContent('Nothing.');
    expect(row('Between 12 and 24 hours before')).toHaveTextContent('A 50% cancellation fee.');
    expect(screen.getByText('Released holds and refunds reach your card in 3-5 business days, depending on your bank.')).toBeInTheDocument();
  });

  it('/cancellations reads in Spanish with the same numbers', async () => {
    withSettings();
    renderPage(<CancellationsPage />, { path: '/cancellations' });
    await screen.findByRole('rowheader', { name: '48 hours or more before the appointment' });
    await i18n.changeLanguage('es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Política de cancelación' })).toBeInTheDocument();
    expect(row('48 horas o más antes de la cita')).toHaveTextContent('Nada. Se libera la retención de su tarjeta.');
    expect(row('Entre 6 y 48 horas antes')).toHaveTextContent('Un cargo por cancelación del 25%.');
    expect(screen.getByText('Cambiar su reserva a otro horario disponible es gratis con al menos 36 horas de anticipación.')).toBeInTheDocument();
    expect(screen.getByText('Las retenciones liberadas y los reembolsos llegan a su tarjeta en 2-7 días hábiles, según su banco.')).toBeInTheDocument();
  });

  it('/refunds explains the hold, the final charge, cancellation fees and refund timing from settings, and follows a change', async () => {
    const settings = withSettings();
    const { queryClient } = renderPage(<RefundsPage />, { path: '/refunds' });

    expect(screen.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeInTheDocument();
    expect(await screen.findByText("You pay only for work that's done. Money we release or refund reaches your card in 2-7 business days.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A hold, not a charge' })).toBeInTheDocument();
    expect(screen.getByText('Cancel 48 hours or more before the appointment, or within 10 minutes of booking, and the hold is released in full.')).toBeInTheDocument();
    expect(screen.getByText('Cancel between 6 and 48 hours before, and a 25% cancellation fee is charged.')).toBeInTheDocument();
    expect(screen.getByText('Cancel less than 6 hours before (same day), or miss the appointment, and the full amount is charged.')).toBeInTheDocument();
    expect(screen.getByText('For painting, paint we buy for you is charged at cost, from the store receipt, with no markup.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the cancellation policy' })).toHaveAttribute('href', '/cancellations');

    settings.body = publicSettings({ cancellationPolicy: { ...POLICY, feePercent: 40, refundBusinessDays: { min: 1, max: 3 } } });
    await queryClient.invalidateQueries({ queryKey: ['settings', 'public'] });
    expect(await screen.findByText('Cancel between 6 and 48 hours before, and a 40% cancellation fee is charged.')).toBeInTheDocument();
    expect(within(section('Refunds')).getByText('Released holds and refunds reach your card in 1-3 business days, depending on your bank.')).toBeInTheDocument();

    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Política de reembolsos' })).toBeInTheDocument();
    expect(screen.getByText('Si cancela entre 6 y 48 horas antes, se cobra un cargo por cancelación del 40%.')).toBeInTheDocument();
    expect(within(section('Reembolsos')).getByText('Las retenciones liberadas y los reembolsos llegan a su tarjeta en 1-3 días hábiles, según su banco.')).toBeInTheDocument();
  });
});
