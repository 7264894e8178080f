// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/web/test/render-route';
import { Component as ApplicationsPage } from './worker-applications-page';

const ADMIN = { user: { id: 'a1', email: 'admin@example.com', name: 'Dana Admin' }, profile: null, role: 'admin' };
const CUSTOMER = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: null, role: 'user' };
const pending = {
  id: 'app1',
  userId: 'u2',
  email: 'pat@example.com',
  fullName: 'Pat Painter',
  phone: '+18135550123',
  services: ['painting', 'tv-installation'],
  yearsExperience: 7,
  areasServed: 'South Tampa',
  availabilitySummary: 'Weekdays 8-5',
  licenceInsurance: 'Insured, $1M',
  uploadId: 'up1',
  uploadUrl: '/api/uploads/up1',
  status: 'pending',
  rejectionReason: null,
  decidedAt: null,
  createdAt: '2026-11-21T15:00:00.000Z',
};

describe('the worker applications page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('denies access to a customer', async () => {
    mockApi({ 'GET /api/me': { body: CUSTOMER } });
    renderPage(<ApplicationsPage />, { path: '/admin/worker-applications' });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
  });

  it('lists by status, shows the detail, approves and rejects with a reason', async () => {
    const calls: string[] = [];
    mockApi({
      'GET /api/me': { body: ADMIN },
      'GET /api/admin/worker-applications': (_init, url) => ({ body: { applications: url.searchParams.get('status') === 'pending' ? [pending] : [] } }),
      'POST /api/admin/worker-applications/app1/approve': () => {
        calls.push('approve');
        return { body: { ...pending, status: 'approved' } };
      },
      'POST /api/admin/worker-applications/app1/reject': (init) => {
        calls.push(`reject ${JSON.parse(String(init?.body)).reason}`);
        return { body: { ...pending, status: 'rejected' } };
      },
    });
    renderPage(<ApplicationsPage />, { path: '/admin/worker-applications' });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Pat Painter' })).toBeInTheDocument();
    expect(screen.getByText('Painting, TV installation')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show detail' }));
    expect(screen.getByText('Insured, $1M')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the photo or document' })).toHaveAttribute('href', '/api/uploads/up1');

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Pat Painter is now a worker.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await user.type(screen.getByLabelText('Reason (emailed to the applicant)'), 'Not enough experience');
    await user.click(screen.getByRole('button', { name: 'Reject and email' }));
    await vi.waitFor(() => expect(calls).toEqual(['approve', 'reject Not enough experience']));

    await user.click(screen.getByRole('tab', { name: 'Approved' }));
    expect(await screen.findByText('No applications here.')).toBeInTheDocument();
  });
});
