// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorCounts, ErrorGroup, ErrorLogEntry, ErrorLogSummary } from '@/domain/errors-contract';
import { loadRouteMessages } from '@/web/lib/i18n';
import { FakeEventSource, installFakeEventSource } from '@/web/test/fake-event-source';
import { mockApi, renderPage, SIGNED_OUT, type ApiTable } from '@/web/test/render-route';
import { Component as ErrorsPage } from './errors-page';

const ADMIN = { user: { id: 'a1', email: 'ada@example.com', name: 'Ada Admin' }, profile: null, role: 'admin' };
const CUSTOMER = { user: { id: 'u1', email: 'carla@example.com', name: 'Carla' }, profile: null, role: 'user' };

const summary = (over: Partial<ErrorLogSummary> = {}): ErrorLogSummary => ({
  id: '11111111-1111-4111-8111-111111111111',
  severity: 'error',
  resolved: false,
  timestamp: '2026-11-21T15:05:12.000Z',
  error_type: 'TypeError',
  error_message: "Cannot read properties of undefined (reading 'total')",
  file_path: '/assets/booking-page.js',
  line_number: 12,
  column_number: 34,
  url: 'https://book.example.com/book/tv-installation',
  user_id: 'u1',
  fingerprint: '0123456789abcdef',
  source: 'client',
  resolved_at: null,
  regression: false,
  ...over,
});

const ENTRY: ErrorLogEntry = {
  ...summary(),
  stack_trace: "TypeError: Cannot read properties of undefined (reading 'total')\n    at PriceSummary (https://book.example.com/assets/booking-page.js:12:34)",
  user_agent: 'Mozilla/5.0 (iPhone) Safari/605.1',
  context: { route: '/book/:slug', language: 'en' },
  user: { id: 'u1', name: 'Carla', email: 'carla@example.com' },
};

const GROUP: ErrorGroup = {
  fingerprint: '0123456789abcdef',
  error_type: 'TypeError',
  error_message: "Cannot read properties of undefined (reading 'total')",
  severity: 'critical',
  count: 5,
  unresolved_count: 2,
  first_seen: '2026-11-20T15:00:00.000Z',
  last_seen: '2026-11-21T15:05:12.000Z',
  affected_users: 3,
  regression: true,
  last_resolved_at: '2026-11-21T12:00:00.000Z',
};

const METRICS = {
  days: 7,
  metrics: ['21', '20', '19', '18', '17', '16', '15'].map((d, i) => ({ date: `2026-11-${d}`, error_count: i === 0 ? 4 : 0, critical_count: i === 0 ? 1 : 0, warning_count: 0, unique_errors: i === 0 ? 2 : 0 })),
};

function adminApi(extra: ApiTable = {}, counts: ErrorCounts = { total: 12, critical: 2, unresolved: 5, window: 1000 }) {
  const calls: string[] = [];
  const fetchMock = mockApi({
    'GET /api/me': { body: ADMIN },
    'GET /api/errors/counts': { body: counts },
    'GET /api/admin/errors': (_init, url) => {
      calls.push(`list ${url.search}`);
      return { body: { entries: [summary(), summary({ id: '22222222-2222-4222-8222-222222222222', severity: 'warning', error_type: 'ChunkLoadError', error_message: 'Loading chunk 7 failed', resolved: true, resolved_at: '2026-11-21T16:00:00.000Z' })] } };
    },
    'GET /api/admin/errors/groups': (_init, url) => {
      calls.push(`groups ${url.search}`);
      return { body: { groups: [GROUP] } };
    },
    'GET /api/admin/errors/metrics': { body: METRICS },
    [`GET /api/admin/errors/${ENTRY.id}`]: { body: ENTRY },
    ...extra,
  });
  return { calls, fetchMock };
}

const counter = (name: string) => within(screen.getByTestId(`error-count-${name}`)).getByRole('definition');

describe('the error dashboard', () => {
  beforeAll(() => loadRouteMessages('errors-admin'));
  beforeEach(() => {
    installFakeEventSource();
  });
  afterEach(() => {
    toast.dismiss(); // sonner keeps its toasts between renders
    vi.unstubAllGlobals();
  });

  it('shows the counters, the 7-day chart and the latest entries to an admin, and filters them', async () => {
    const { calls } = adminApi();
    renderPage(<ErrorsPage />, { path: '/admin/errors' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Error dashboard' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /TypeError: Cannot read properties/ })).toBeInTheDocument();
    expect(counter('total')).toHaveTextContent('12');
    expect(counter('critical')).toHaveTextContent('2');
    expect(counter('unresolved')).toHaveTextContent('5');
    expect(screen.getByText('Among the latest 1000 entries, updated live.')).toBeInTheDocument();
    expect(screen.getByText('Showing the latest 2 entries.')).toBeInTheDocument();
    const resolvedOne = screen.getByRole('article', { name: /ChunkLoadError/ });
    expect(within(resolvedOne).getByText('Resolved')).toBeInTheDocument();
    expect(within(resolvedOne).queryByRole('button', { name: /^Resolve/ })).toBeNull();

    // the chart's numbers, also as a table
    expect(await screen.findByRole('heading', { name: 'Last 7 days' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Errors per day, last 7 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(8);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Severity'), 'critical');
    await user.selectOptions(screen.getByLabelText('Status'), 'unresolved');
    await waitFor(() => expect(calls).toContain('list ?severity=critical&resolved=false'));
  });

  it('opens an entry with its stack trace, context, page, user agent and user, and resolves it', async () => {
    const resolved = vi.fn(() => ({ body: { id: ENTRY.id, resolved: true, changed: true, resolved_at: '2026-11-21T16:30:00.000Z' } }));
    adminApi({ [`POST /api/admin/errors/${ENTRY.id}/resolve`]: resolved });
    renderPage(<ErrorsPage />, { path: '/admin/errors' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Details of TypeError/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Error details' });
    expect(await within(dialog).findByText(/at PriceSummary/)).toBeInTheDocument();
    expect(within(dialog).getByText(/"route": "\/book\/:slug"/)).toBeInTheDocument();
    expect(within(dialog).getByText('https://book.example.com/book/tv-installation')).toBeInTheDocument();
    expect(within(dialog).getByText('Mozilla/5.0 (iPhone) Safari/605.1')).toBeInTheDocument();
    expect(within(dialog).getByText('Carla <carla@example.com>')).toBeInTheDocument();
    expect(within(dialog).getByText('/assets/booking-page.js:12:34')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    expect(await screen.findByText('Success')).toBeInTheDocument();
    expect(screen.getByText('Error marked as resolved')).toBeInTheDocument();
    expect(resolved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(counter('unresolved')).toHaveTextContent('4'));
    expect(within(dialog).queryByRole('button', { name: 'Resolve' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says "Failed to resolve error" when resolving fails, and never counts below 0', async () => {
    adminApi({ [`POST /api/admin/errors/${ENTRY.id}/resolve`]: { status: 500, body: { message: 'Something went wrong', code: 'internal_error' } } }, { total: 1, critical: 0, unresolved: 0, window: 1000 });
    renderPage(<ErrorsPage />, { path: '/admin/errors' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Resolve TypeError/ }));
    expect(await screen.findByText('Failed to resolve error')).toBeInTheDocument();
    expect(screen.getByText('Error', { selector: '[data-title]' })).toBeInTheDocument();
    expect(counter('unresolved')).toHaveTextContent('0');
  });

  it('grows the counters from the live stream and raises the critical toast', async () => {
    const { calls } = adminApi();
    renderPage(<ErrorsPage />, { path: '/admin/errors' });
    await screen.findByRole('article', { name: /TypeError: Cannot read properties/ });
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    const source = FakeEventSource.latest();
    source.open();
    const listCalls = calls.filter((c) => c.startsWith('list')).length;

    source.emit('error_log', { id: '33333333-3333-4333-8333-333333333333', severity: 'critical', error_type: 'PaymentError', error_message: 'Stripe.js failed to load' });
    expect(await screen.findByText('Critical Error Detected')).toBeInTheDocument();
    expect(screen.getByText('PaymentError: Stripe.js failed to load')).toBeInTheDocument();
    await waitFor(() => expect(counter('total')).toHaveTextContent('13'));
    expect(counter('critical')).toHaveTextContent('3');
    expect(counter('unresolved')).toHaveTextContent('6');
    // the list refetches to show it
    await waitFor(() => expect(calls.filter((c) => c.startsWith('list')).length).toBeGreaterThan(listCalls));

    source.emit('error_log', { id: '44444444-4444-4444-8444-444444444444', severity: 'warning', error_type: 'Warn', error_message: 'x' });
    await waitFor(() => expect(counter('total')).toHaveTextContent('14'));
    expect(counter('critical')).toHaveTextContent('3');
  });

  it('groups by fingerprint: count, first and last seen, affected users, regression; shows a group\'s entries and resolves it', async () => {
    const { calls } = adminApi({ [`POST /api/admin/errors/groups/${GROUP.fingerprint}/resolve`]: { body: { fingerprint: GROUP.fingerprint, resolved_count: 2 } } });
    const { router } = renderPage(<ErrorsPage />, { path: '/admin/errors?view=groups' });
    const group = await screen.findByRole('article', { name: /TypeError/ });
    expect(within(group).getByText('5 times')).toBeInTheDocument();
    expect(within(group).getByText('2 open')).toBeInTheDocument();
    expect(within(group).getByText('3 signed-in users')).toBeInTheDocument();
    expect(within(group).getByText('Regression')).toBeInTheDocument();
    expect(within(group).getByText(/^First seen Nov 20/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(group).getByRole('button', { name: 'Resolve group' }));
    expect(await screen.findByText('Error marked as resolved')).toBeInTheDocument();
    await waitFor(() => expect(counter('unresolved')).toHaveTextContent('3'));

    await user.click(within(group).getByRole('button', { name: 'Show entries' }));
    await waitFor(() => expect(calls).toContain(`list ?fingerprint=${GROUP.fingerprint}`));
    expect(router.state.location.search).toBe(`?group=${GROUP.fingerprint}`);
    expect(await screen.findByText('Showing one group: TypeError')).toBeInTheDocument();
  });

  it('shows only the live counts to a signed-in user who is not an admin', async () => {
    mockApi({ 'GET /api/me': { body: CUSTOMER }, 'GET /api/errors/counts': { body: { total: 3, critical: 1, unresolved: 2, window: 1000 } } });
    renderPage(<ErrorsPage />, { path: '/admin/errors' });
    expect(await screen.findByText('You can follow the live error counts. The entries themselves are for admins only.')).toBeInTheDocument();
    await screen.findByTestId('error-count-total');
    expect(counter('total')).toHaveTextContent('3');
    expect(screen.queryByRole('heading', { name: 'Last 7 days' })).toBeNull();
    await waitFor(() => expect(FakeEventSource.open()).toHaveLength(1));
    FakeEventSource.latest().emit('error_count', { severity: 'critical' });
    await waitFor(() => expect(counter('total')).toHaveTextContent('4'));
    expect(counter('critical')).toHaveTextContent('2');
    expect(counter('unresolved')).toHaveTextContent('3');
    expect(screen.queryByText('Critical Error Detected')).toBeNull();
  });

  it('asks a signed-out visitor to sign in', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderPage(<ErrorsPage />, { path: '/admin/errors' });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?redirect=%2Fadmin%2Ferrors');
  });

  it('says when nothing matches, and offers to try again when the list fails', async () => {
    adminApi({ 'GET /api/admin/errors': { body: { entries: [] } } });
    renderPage(<ErrorsPage />, { path: '/admin/errors?severity=info' });
    expect(await screen.findByText('No errors match these filters.')).toBeInTheDocument();
    vi.unstubAllGlobals();
    installFakeEventSource();
    adminApi({ 'GET /api/admin/errors': { status: 500, body: { message: 'Something went wrong on our side.', code: 'internal_error' } } });
    renderPage(<ErrorsPage />, { path: '/admin/errors?status=resolved' });
    expect(await screen.findByText("We couldn't load the errors.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
