// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage, SIGNED_OUT } from '@/web/test/render-route';
import { Component as EnrollPage } from './enroll-page';

const ME = { user: { id: 'u1', email: 'pat@example.com', name: 'Pat' }, profile: { id: 'u1', full_name: 'Pat Painter', terms_accepted: true, phone: null }, role: 'user' };
const application = (overrides: object = {}) => ({
  id: 'a1',
  userId: 'u1',
  fullName: 'Pat Painter',
  phone: '+18135550123',
  services: ['painting'],
  yearsExperience: 7,
  areasServed: 'South Tampa',
  availabilitySummary: 'Weekdays',
  licenceInsurance: 'Insured',
  uploadId: null,
  uploadUrl: null,
  status: 'pending',
  rejectionReason: null,
  decidedAt: null,
  createdAt: '2026-11-21T15:00:00.000Z',
  ...overrides,
});

describe('the worker enrollment page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a worker to their jobs instead of the form', async () => {
    mockApi({ 'GET /api/me': { body: { ...ME, role: 'worker' } }, 'GET /api/worker-applications/mine': { body: { applications: [] } } });
    renderPage(<EnrollPage />, { path: '/worker/enroll' });
    expect(await screen.findByText("You're already on our team, so there's nothing to apply for.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your jobs' })).toHaveAttribute('href', '/worker');
    expect(screen.queryByRole('button', { name: /Submit|Apply/ })).not.toBeInTheDocument();
  });

  it('invites a signed-out applicant to sign up and apply, not a staff-only message', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<EnrollPage />, { path: '/worker/enroll' });
    expect(await screen.findByRole('link', { name: 'Sign up to apply' })).toHaveAttribute('href', '/auth?mode=signup&redirect=%2Fworker%2Fenroll');
    expect(screen.getByRole('link', { name: 'I have an account: Sign in' })).toHaveAttribute('href', '/auth?redirect=%2Fworker%2Fenroll');
    expect(screen.getByText(/Are you a skilled handyman in Tampa\?/)).toBeInTheDocument();
    expect(screen.queryByText(/This page is for our team/)).not.toBeInTheDocument();
  });

  it('sends the application with the chosen services, then shows it is under review', async () => {
    let sent: unknown = null;
    let mine: object[] = [];
    mockApi({
      'GET /api/me': { body: ME },
      'GET /api/worker-applications/mine': () => ({ body: { applications: mine } }),
      'POST /api/worker-applications': (init) => {
        sent = JSON.parse(String(init?.body));
        mine = [application()];
        return { status: 201, body: application() };
      },
    });
    renderPage(<EnrollPage />, { path: '/worker/enroll' });
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Full name')).toHaveValue('Pat Painter');
    await user.type(screen.getByLabelText('Phone'), '(813) 555-0123');
    await user.click(screen.getByRole('checkbox', { name: 'Painting' }));
    await user.type(screen.getByLabelText('Years of experience'), '7');
    await user.type(screen.getByLabelText('Tampa areas you serve'), 'South Tampa');
    await user.type(screen.getByLabelText('Availability'), 'Weekdays');
    await user.type(screen.getByLabelText('Licence and insurance'), 'Insured');
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    expect(await screen.findByText('Your application is under review')).toBeInTheDocument();
    expect(sent).toEqual({ fullName: 'Pat Painter', phone: '(813) 555-0123', services: ['painting'], yearsExperience: 7, areasServed: 'South Tampa', availabilitySummary: 'Weekdays', licenceInsurance: 'Insured', uploadId: null });
    expect(screen.queryByRole('button', { name: 'Send application' })).not.toBeInTheDocument();
  });

  it("shows the server's field messages", async () => {
    mockApi({
      'GET /api/me': { body: ME },
      'GET /api/worker-applications/mine': { body: { applications: [] } },
      'POST /api/worker-applications': { status: 400, body: { message: 'Please correct the highlighted fields.', code: 'validation_failed', details: { services: 'Please choose at least one service you offer.' } } },
    });
    renderPage(<EnrollPage />, { path: '/worker/enroll' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send application' }));
    expect((await screen.findAllByText('Please choose at least one service you offer.')).length).toBeGreaterThan(0);
  });

  it('shows a rejection with its reason and lets the user apply again', async () => {
    mockApi({
      'GET /api/me': { body: ME },
      'GET /api/worker-applications/mine': { body: { applications: [application({ status: 'rejected', rejectionReason: 'Need more painting experience.' })] } },
    });
    renderPage(<EnrollPage />, { path: '/worker/enroll' });
    expect(await screen.findByText('Your application was not accepted')).toBeInTheDocument();
    expect(screen.getByText('Need more painting experience.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send application' })).toBeInTheDocument();
  });
});
