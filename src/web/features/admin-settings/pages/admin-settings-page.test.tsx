// @vitest-environment jsdom
/**
 * /admin/settings as an admin uses it: every section filled from the server, a save sent with
 * the version it started from (by mouse or by Enter), the form's own refusals before anything is
 * sent, the server's field refusals on the fields, another admin's save first (409: their values,
 * load them or save mine), the history, Spanish, and the access and error states.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY } from '@/domain/cancellation-policy';
import { DEFAULT_JOB_RULES } from '@/domain/job-rules';
import { DEFAULT_MONEY_LIMITS } from '@/domain/money-limits';
import type { AdminSettings, SettingsHistory } from '@/domain/settings-contract';
import i18n, { loadRouteMessages } from '@/web/lib/i18n';
import { mockApi, renderPage, type ApiTable } from '@/web/test/render-route';
import { Component as AdminSettingsPage } from './admin-settings-page';

const ADMIN = { user: { id: 'a1', email: 'ana@example.com', name: 'Ana Admin' }, profile: null, role: 'admin' };
const WORKER = { user: { id: 'w1', email: 'wes@example.com', name: 'Wes' }, profile: null, role: 'worker' };
const never = { updatedAt: null, updatedBy: null };
const WEEK = Array.from({ length: 7 }, () => ({ openMinute: 480, closeMinute: 1200 }));

const SETTINGS: AdminSettings = {
  services: [
    { slug: 'tv-installation', pricingModel: 'per_job', value: { unitPriceCents: 4500, active: true }, version: 1, ...never },
    { slug: 'furniture-assembly', pricingModel: 'per_hour', value: { unitPriceCents: 3500, active: true }, version: 1, ...never },
    { slug: 'painting', pricingModel: 'per_room', value: { unitPriceCents: 25000, active: true }, version: 4, updatedAt: '2026-11-21T15:20:00.000Z', updatedBy: { id: 'b1', name: 'Ben Boss' } },
  ],
  sections: {
    tax: { value: { taxRateBps: 750 }, version: 1, ...never },
    serviceArea: { value: { zips: ['33602', '33603'] }, version: 1, ...never },
    hours: { value: { weeklyHours: WEEK, stepMinutes: 30, leadMinutes: 120, bufferMinutes: 30, daysAhead: 14 }, version: 1, ...never },
    cancellation: { value: DEFAULT_CANCELLATION_POLICY, version: 1, ...never },
    contactPromise: { value: { min: 5, max: 10 }, version: 1, ...never },
    support: { value: { phone: '+18135550100', email: 'support@tampahandyman.example' }, version: 0, ...never },
    completionLimits: { value: DEFAULT_MONEY_LIMITS, version: 2, ...never },
    jobRules: { value: DEFAULT_JOB_RULES, version: 0, ...never },
  },
};

const HISTORY: SettingsHistory = {
  entries: [
    {
      id: 7,
      subject: 'hours',
      service: null,
      version: 2,
      changedAt: '2026-11-21T15:30:00.000Z',
      changedBy: { id: 'b1', name: 'Ben Boss', email: 'ben@example.com' },
      changes: [
        { path: 'weeklyHours.0', from: { openMinute: 480, closeMinute: 1200 }, to: null },
        { path: 'weeklyHours.1.openMinute', from: 480, to: 540 },
      ],
    },
    {
      id: 6,
      subject: 'service',
      service: 'tv-installation',
      version: 2,
      changedAt: '2026-11-21T15:10:00.000Z',
      changedBy: { id: 'a1', name: 'Ana Admin', email: 'ana@example.com' },
      changes: [{ path: 'unitPriceCents', from: 4500, to: 4900 }],
    },
    {
      id: 5,
      subject: 'serviceArea',
      service: null,
      version: 2,
      changedAt: '2026-11-21T15:05:00.000Z',
      changedBy: null,
      changes: [{ path: 'zips', from: ['33602', '33603'], to: ['33602', '33606'] }],
    },
  ],
  nextBefore: null,
};

function api(extra: ApiTable = {}): { requests: { method: string; path: string; body: unknown }[] } {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const table: ApiTable = {
    'GET /api/me': { body: ADMIN },
    'GET /api/admin/settings': { body: SETTINGS },
    'GET /api/admin/settings/history': { body: HISTORY },
  };
  for (const [key, answer] of Object.entries(extra)) {
    table[key] = (init, url) => {
      requests.push({ method: key.split(' ')[0]!, path: key.split(' ')[1]!, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      return typeof answer === 'function' ? answer(init, url) : answer;
    };
  }
  mockApi(table);
  return { requests };
}

const section = async (name: string) => (await screen.findByRole('region', { name })) as HTMLElement;

describe('the admin settings page', () => {
  beforeAll(() => loadRouteMessages('admin-settings'));
  afterEach(() => {
    vi.unstubAllGlobals();
    void i18n.changeLanguage('en');
  });

  it('denies access to a worker', async () => {
    mockApi({ 'GET /api/me': { body: WORKER } });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
  });

  it('shows the error with Try again when the settings cannot be loaded', async () => {
    mockApi({ 'GET /api/me': { body: ADMIN }, 'GET /api/admin/settings': { status: 500, body: { message: 'Something went wrong on our side.', code: 'internal_error' } } });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    expect(await screen.findByText("We couldn't load the settings.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('fills every section from the server, with who saved it last', async () => {
    api();
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const prices = await section('Prices and services');
    const painting = within(prices).getByRole('form', { name: 'Painting' });
    expect(within(painting).getByLabelText('Price (USD)')).toHaveValue('250.00');
    expect(within(painting).getByText('Last saved by Ben Boss on Nov 21, 2026, 10:20 AM.')).toBeInTheDocument();
    expect(within(await section('Sales tax')).getByLabelText('Tax rate (%)')).toHaveValue('7.5');
    expect(within(await section('Service area')).getByLabelText('ZIP codes')).toHaveValue('33602, 33603');
    expect(within(await section('Business hours and time slots')).getByLabelText('Monday opens')).toHaveValue('08:00');
    expect(within(await section('Support contacts')).getByLabelText('Support phone')).toHaveValue('(813) 555-0100');
    expect(within(await section('Completion limits')).getByLabelText('Paint bought at cost: at most per room (USD)')).toHaveValue('500.00');
  });

  it('saves a new price with the version it started from, by keyboard, and says so', async () => {
    const { requests } = api({
      'PUT /api/admin/settings/services/tv-installation': {
        body: { ...SETTINGS.services[0], value: { unitPriceCents: 4950, active: true }, version: 2, updatedAt: '2026-11-21T16:00:00.000Z', updatedBy: { id: 'a1', name: 'Ana Admin' } },
      },
    });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    const tv = within(await section('Prices and services')).getByRole('form', { name: 'TV installation' });
    const price = within(tv).getByLabelText('Price (USD)');
    await user.clear(price);
    await user.type(price, '49.50{Enter}');
    expect(await screen.findByText('TV installation saved.')).toBeInTheDocument();
    expect(requests).toEqual([{ method: 'PUT', path: '/api/admin/settings/services/tv-installation', body: { version: 1, value: { unitPriceCents: 4950, active: true } } }]);
    expect(within(tv).getByText('Last saved by Ana Admin on Nov 21, 2026, 11:00 AM.')).toBeInTheDocument();
  });

  it('refuses a negative price, hours out of order and a bad ZIP code before sending anything', async () => {
    const { requests } = api({ 'PUT /api/admin/settings/services/tv-installation': { body: {} }, 'PUT /api/admin/settings/hours': { body: {} }, 'PUT /api/admin/settings/service-area': { body: {} } });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    const tv = within(await section('Prices and services')).getByRole('form', { name: 'TV installation' });
    await user.clear(within(tv).getByLabelText('Price (USD)'));
    await user.type(within(tv).getByLabelText('Price (USD)'), '-5');
    await user.click(within(tv).getByRole('button', { name: 'Save TV installation' }));
    expect(await within(tv).findByText("Prices can't be negative.")).toBeInTheDocument();
    expect(within(tv).getByLabelText('Price (USD)')).toHaveAttribute('aria-invalid', 'true');

    const hours = await section('Business hours and time slots');
    const closes = within(hours).getByLabelText('Tuesday closes');
    await user.clear(closes);
    await user.type(closes, '07:00');
    await user.click(within(hours).getByRole('button', { name: 'Save Business hours and time slots' }));
    expect(await within(hours).findByText('Closing time must be after opening time.')).toBeInTheDocument();

    const area = await section('Service area');
    await user.type(within(area).getByLabelText('ZIP codes'), ', 3360');
    await user.click(within(area).getByRole('button', { name: 'Save Service area' }));
    expect(await within(area).findByText('ZIP codes are five digits, e.g. 33602.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('closes a day and sends the week with that day null', async () => {
    const { requests } = api({ 'PUT /api/admin/settings/hours': (init) => ({ body: { ...SETTINGS.sections.hours, value: JSON.parse(String(init?.body)).value, version: 2 } }) });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    const hours = await section('Business hours and time slots');
    await user.click(within(hours).getByRole('checkbox', { name: 'Open on Sunday' }));
    expect(within(hours).queryByLabelText('Sunday opens')).not.toBeInTheDocument();
    await user.click(within(hours).getByRole('button', { name: 'Save Business hours and time slots' }));
    expect(await screen.findByText('Business hours and time slots saved.')).toBeInTheDocument();
    expect((requests[0]!.body as { value: { weeklyHours: unknown[] } }).value.weeklyHours).toEqual([null, ...WEEK.slice(1)]);
  });

  it("shows the server's field refusals on the fields", async () => {
    api({
      'PUT /api/admin/settings/tax': {
        status: 400,
        body: { message: 'Please check the highlighted fields.', code: 'validation_failed', details: { 'value.taxRateBps': 'Enter a tax rate between 0% and 20%, with at most two decimals.' }, hint: null },
      },
    });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    const tax = await section('Sales tax');
    await user.clear(within(tax).getByLabelText('Tax rate (%)'));
    await user.type(within(tax).getByLabelText('Tax rate (%)'), '8');
    await user.click(within(tax).getByRole('button', { name: 'Save Sales tax' }));
    expect(await within(tax).findByText('Enter a tax rate between 0% and 20%, with at most two decimals.')).toBeInTheDocument();
    expect(within(tax).getByLabelText('Tax rate (%)')).toHaveAttribute('aria-invalid', 'true');
  });

  it("when another admin saved first: shows what they saved, keeps my edit, and saves mine on their version when asked", async () => {
    const theirs = { ...DEFAULT_MONEY_LIMITS, hoursCap: 10 };
    let calls = 0;
    const { requests } = api({
      'PUT /api/admin/settings/completion-limits': (init) => {
        calls++;
        if (calls === 1) {
          return {
            status: 409,
            body: {
              message: 'Ben Boss saved this section on Saturday, November 21, 2026 at 10:40 AM EST, after you opened it. Your changes were not saved.',
              code: 'settings_changed',
              details: { version: '3', current: JSON.stringify(theirs), updatedAt: '2026-11-21T15:40:00.000Z', updatedBy: 'Ben Boss' },
              hint: 'Review the values saved now, then save again to replace them.',
            },
          };
        }
        return { body: { value: JSON.parse(String(init?.body)).value, version: 4, updatedAt: '2026-11-21T15:45:00.000Z', updatedBy: { id: 'a1', name: 'Ana Admin' } } };
      },
    });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    const limits = await section('Completion limits');
    const paint = within(limits).getByLabelText('Paint bought at cost: at most per room (USD)');
    await user.clear(paint);
    await user.type(paint, '400');
    await user.click(within(limits).getByRole('button', { name: 'Save Completion limits' }));

    const alert = await within(limits).findByText(/Ben Boss saved this section/);
    const notice = alert.closest('[role="alert"]') as HTMLElement;
    expect(notice).toHaveTextContent('Review the values saved now, then save again to replace them.');
    expect(notice).toHaveTextContent('Hours cap: 12 → 10');
    expect(paint).toHaveValue('400');

    await user.click(within(notice).getByRole('button', { name: 'Save mine instead' }));
    expect(await screen.findByText('Completion limits saved.')).toBeInTheDocument();
    expect(requests.map((r) => (r.body as { version: number }).version)).toEqual([2, 3]);
    expect((requests[1]!.body as { value: { paintCostPerRoomCents: number } }).value.paintCostPerRoomCents).toBe(40_000);
  });

  it('loads the other admin’s values when asked, and saves on their version next', async () => {
    let calls = 0;
    const { requests } = api({
      'PUT /api/admin/settings/contact-promise': (init) =>
        ++calls === 1
          ? {
              status: 409,
              body: { message: 'This section changed after you opened it. Your changes were not saved.', code: 'settings_changed', details: { version: '2', current: JSON.stringify({ min: 10, max: 15 }), updatedAt: '', updatedBy: '' }, hint: null },
            }
          : { body: { value: JSON.parse(String(init?.body)).value, version: 3, updatedAt: '2026-11-21T16:00:00.000Z', updatedBy: { id: 'a1', name: 'Ana Admin' } } },
    });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const user = userEvent.setup();
    const promise = await section('Contact promise');
    await user.clear(within(promise).getByLabelText('…to (minutes)'));
    await user.type(within(promise).getByLabelText('…to (minutes)'), '20');
    await user.click(within(promise).getByRole('button', { name: 'Save Contact promise' }));
    await user.click(await within(promise).findByRole('button', { name: 'Load their values' }));
    expect(within(promise).getByLabelText('We call within, from (minutes)')).toHaveValue('10');
    expect(within(promise).getByLabelText('…to (minutes)')).toHaveValue('15');
    expect(within(promise).queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(within(promise).getByLabelText('…to (minutes)'));
    await user.type(within(promise).getByLabelText('…to (minutes)'), '12');
    await user.click(within(promise).getByRole('button', { name: 'Save Contact promise' }));
    expect(await screen.findByText('Contact promise saved.')).toBeInTheDocument();
    expect(requests.map((r) => r.body)).toEqual([
      { version: 1, value: { min: 5, max: 20 } },
      { version: 2, value: { min: 10, max: 12 } },
    ]);
  });

  it('lists the history: when, who, what changed old → new', async () => {
    api();
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const history = await within(await section('Change history')).findByRole('list', { name: 'Change history' });
    const [hours, price, area] = within(history).getAllByRole('listitem').filter((item) => item.parentElement === history);
    expect(hours).toHaveTextContent('Business hours and time slots');
    expect(hours).toHaveTextContent('Nov 21, 2026, 10:30 AM · Ben Boss (ben@example.com)');
    expect(hours).toHaveTextContent('Sunday hours: 8:00 AM–8:00 PM → Closed');
    expect(hours).toHaveTextContent('Monday opens: 8:00 AM → 9:00 AM');
    expect(price).toHaveTextContent('TV installation price and availability');
    expect(price).toHaveTextContent('Price: $45.00 → $49.00');
    expect(area).toHaveTextContent('A removed account');
    expect(area).toHaveTextContent('ZIP codes: added 33606; removed 33603');
  });

  it('shows an empty history, and filters it by section', async () => {
    const asked: string[] = [];
    mockApi({
      'GET /api/me': { body: ADMIN },
      'GET /api/admin/settings': { body: SETTINGS },
      'GET /api/admin/settings/history': (_init, url) => {
        asked.push(url.searchParams.get('subject') ?? 'all');
        return { body: { entries: [], nextBefore: null } };
      },
    });
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    const history = await section('Change history');
    expect(await within(history).findByText('No changes yet.')).toBeInTheDocument();
    await userEvent.setup().selectOptions(within(history).getByLabelText('Show changes to'), 'Cancellation policy');
    await vi.waitFor(() => expect(asked).toEqual(['all', 'cancellation']));
  });

  it('reads in Spanish', async () => {
    api();
    renderPage(<AdminSettingsPage />, { path: '/admin/settings' });
    await i18n.changeLanguage('es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Configuración del negocio' })).toBeInTheDocument();
    const tax = await section('Impuesto sobre las ventas');
    expect(within(tax).getByRole('button', { name: 'Guardar Impuesto sobre las ventas' })).toBeInTheDocument();
    expect(within(await section('Horario y horarios disponibles')).getByRole('checkbox', { name: 'Abierto el lunes' })).toBeChecked();
  });
});
