// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CustomerHistory } from '@/domain/customer-history-contract';
import { mockApi, renderPage } from '@/web/test/render-route';
import { ADMIN } from '../testing/fixtures';
import { Component as CustomerHistoryPage } from './customer-history-page';

const HISTORY: CustomerHistory = {
  customer: { id: 'c1', name: 'Ana Lopez', email: 'ana@example.com', phone: '+18135550123', joinedAt: '2026-05-01T14:00:00.000Z' },
  bookings: [
    { id: 'b2', reference: 'TB-2', service: 'furniture-assembly', status: 'cancelled', scheduledStart: '2026-05-20T18:30:00.000Z', totalCents: 7525, workerName: null, createdAt: '2026-05-10T14:00:00.000Z' },
    { id: 'b1', reference: 'TB-1', service: 'tv-installation', status: 'completed', scheduledStart: '2026-05-15T18:30:00.000Z', totalCents: 4838, workerName: 'Luis Ortega', createdAt: '2026-05-01T14:00:00.000Z' },
  ],
  payments: [
    { id: 'l2', bookingId: 'b1', reference: 'TB-1', kind: 'captured', amountCents: 4838, reason: null, createdAt: '2026-05-15T20:00:00.000Z' },
    { id: 'l1', bookingId: 'b1', reference: 'TB-1', kind: 'hold_placed', amountCents: 4838, reason: null, createdAt: '2026-05-01T14:00:00.000Z' },
  ],
  chats: [
    {
      id: 'ch1',
      status: 'open',
      bookingReference: 'TB-1',
      createdAt: '2026-05-14T14:00:00.000Z',
      messages: [
        { id: 'm1', senderRole: 'customer', senderName: 'Ana Lopez', body: 'Can you come earlier?', internal: false, hasAttachment: false, createdAt: '2026-05-14T14:00:00.000Z' },
        { id: 'm2', senderRole: 'admin', senderName: 'Ada Admin', body: 'Prefers mornings', internal: true, hasAttachment: false, createdAt: '2026-05-14T14:05:00.000Z' },
      ],
    },
  ],
  notes: [{ bookingId: 'b1', reference: 'TB-1', source: 'booking', authorRole: 'user', text: 'Gate code 1234', createdAt: '2026-05-01T14:00:00.000Z' }],
};

describe('the customer history page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the customer's bookings, payments, chats (internal notes marked) and notes", async () => {
    mockApi({ 'GET /api/me': { body: ADMIN }, 'GET /api/admin/customers/c1/history': { body: HISTORY } });
    renderPage(<CustomerHistoryPage />, { path: '/admin/customers/c1', routePath: '/admin/customers/:id' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Ana Lopez: customer history' }, { timeout: 5_000 })).toBeVisible();
    const bookings = screen.getByRole('region', { name: /Bookings/ });
    const rows = within(bookings).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['TB-2Furniture assemblyWed, May 20, 2:30 PMCancelled—$75.25', 'TB-1TV installationFri, May 15, 2:30 PMCompletedLuis Ortega$48.38']);
    expect(within(rows[1]!).getByRole('link', { name: 'TB-1' })).toHaveAttribute('href', '/admin/bookings/b1');

    const payments = screen.getByRole('region', { name: /Payments/ });
    expect(within(payments).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[2]!.textContent)).toEqual(['Charged', 'Card hold placed']);

    const chats = screen.getByRole('region', { name: /Chats/ });
    expect(chats).toHaveTextContent('About TB-1');
    const note = within(chats).getByText('Prefers mornings').closest('li')!;
    expect(note).toHaveTextContent('Internal note');
    expect(within(chats).getByText('Can you come earlier?').closest('li')).not.toHaveTextContent('Internal note');

    expect(screen.getByRole('region', { name: /Notes/ })).toHaveTextContent('Gate code 1234');
  });

  it('says when the customer is not found', async () => {
    mockApi({ 'GET /api/me': { body: ADMIN } });
    renderPage(<CustomerHistoryPage />, { path: '/admin/customers/nope', routePath: '/admin/customers/:id' });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent("We couldn't load this customer's history.");
  });
});
