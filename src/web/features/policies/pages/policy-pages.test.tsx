// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation-policy';
import i18n from '@/web/lib/i18n';
import { mockApi, renderPage } from '@/web/test/render-route';
import { Component as CancellationsPage } from './cancellations-page';
import { Component as RefundsPage } from './refunds-page';

/** Numbers other than the defaults, so the pages can only show them by reading the settings. */
const POLICY = { freeNoticeHours: 48, feeNoticeHours: 6, feePercent: 25, graceMinutes: 10, rescheduleNoticeHours: 36, refundBusinessDays: { min: 2, max: 7 } };

function withPolicy(policy = POLICY) {
  mockApi({
    'GET /api/settings/public': {
      body: { supportPhone: '+18135550100', supportEmail: 'help@example.com', payments: { gateway: 'simulated', testMode: true }, cancellationPolicy: policy },
    },
  });
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;

describe('policy pages', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('/cancellations shows the tiers, rescheduling, the hold and refund timing with the numbers from settings', async () => {
    withPolicy();
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
    expect(screen.getByRole('link', { name: /813\) 555-0100/ })).toHaveAttribute('href', 'tel:+18135550100');
  });

  it('/cancellations shows the default policy while the settings load', () => {
    mockApi({ 'GET /api/settings/public': () => new Promise(() => {}) as never });
    renderPage(<CancellationsPage />, { path: '/cancellations' });

    expect(row(`${DEFAULT_CANCELLATION_POLICY.freeNoticeHours} hours or more before the appointment`)).toHaveTextContent('Nothing.');
    expect(row('Between 12 and 24 hours before')).toHaveTextContent('A 50% cancellation fee.');
    expect(screen.getByText('Released holds and refunds reach your card in 3-5 business days, depending on your bank.')).toBeInTheDocument();
  });

  it('/refunds explains the hold, the final charge, cancellation fees and refund timing from settings', async () => {
    withPolicy();
    renderPage(<RefundsPage />, { path: '/refunds' });

    expect(screen.getByRole('heading', { level: 1, name: 'Refund Policy' })).toBeInTheDocument();
    expect(await screen.findByText("You pay only for work that's done. Money we release or refund reaches your card in 2-7 business days.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A hold, not a charge' })).toBeInTheDocument();
    expect(screen.getByText('Cancel 48 hours or more before the appointment, or within 10 minutes of booking, and the hold is released in full.')).toBeInTheDocument();
    expect(screen.getByText('Cancel between 6 and 48 hours before, and a 25% cancellation fee is charged.')).toBeInTheDocument();
    expect(screen.getByText('Cancel less than 6 hours before (same day), or miss the appointment, and the full amount is charged.')).toBeInTheDocument();
    expect(screen.getByText('For painting, paint we buy for you is charged at cost, from the store receipt, with no markup.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the cancellation policy' })).toHaveAttribute('href', '/cancellations');
  });

  it('reads in Spanish with the same numbers', async () => {
    withPolicy();
    renderPage(<CancellationsPage />, { path: '/cancellations' });
    await screen.findByRole('rowheader', { name: '48 hours or more before the appointment' });
    await i18n.changeLanguage('es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Política de cancelación' })).toBeInTheDocument();
    expect(row('48 horas o más antes de la cita')).toHaveTextContent('Nada. Se libera la retención de su tarjeta.');
    expect(row('Entre 6 y 48 horas antes')).toHaveTextContent('Un cargo por cancelación del 25%.');
    expect(screen.getByText('Cambiar su reserva a otro horario disponible es gratis con al menos 36 horas de anticipación.')).toBeInTheDocument();
    expect(screen.getByText('Las retenciones liberadas y los reembolsos llegan a su tarjeta en 2-7 días hábiles, según su banco.')).toBeInTheDocument();
  });

  it('/refunds reads in Spanish', async () => {
    withPolicy();
    renderPage(<RefundsPage />, { path: '/refunds' });
    await screen.findByText("You pay only for work that's done. Money we release or refund reaches your card in 2-7 business days.");
    await i18n.changeLanguage('es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Política de reembolsos' })).toBeInTheDocument();
    expect(screen.getByText('Si cancela entre 6 y 48 horas antes, se cobra un cargo por cancelación del 25%.')).toBeInTheDocument();
    const refunds = screen.getByRole('heading', { name: 'Reembolsos' }).closest('section') as HTMLElement;
    expect(within(refunds).getByText('Las retenciones liberadas y los reembolsos llegan a su tarjeta en 2-7 días hábiles, según su banco.')).toBeInTheDocument();
  });
});
