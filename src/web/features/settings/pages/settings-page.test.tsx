// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderRoutes, SIGNED_OUT } from '@/web/test/render-route';
import { Component as SettingsPage } from './settings-page';

const ME = { user: { id: 'u1', email: 'ana@example.com', name: 'Ana' }, profile: { id: 'u1', full_name: 'Ana Pérez', terms_accepted: true, phone: null }, role: 'user' };

const renderSettings = (path = '/settings') =>
  renderRoutes(
    [
      { path: '/settings', Component: SettingsPage },
      { path: '/auth', element: <h1>Sign in page</h1> },
      { path: '/', element: <h1>Home page</h1> },
    ],
    { path },
  );

describe('settings page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('asks a signed-out visitor to sign in', async () => {
    mockApi({ 'GET /api/me': { body: SIGNED_OUT } });
    renderSettings();
    expect(await screen.findByText('Please sign in to see and change your settings.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it("saves the name and phone with a toast; a Google account's email is read-only", async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: { ...ME, user: { ...ME.user, email_editable: false } } },
      'GET /api/account/addresses': { body: [] },
      'PATCH /api/me/profile': { body: { ...ME.profile, full_name: 'Ana P. Ruiz', phone: '+18135550123' } },
    });
    renderSettings();
    const name = await screen.findByLabelText('Full name');
    expect(name).toHaveValue('Ana Pérez');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByText('You sign in with Google, so your email is the one Google has.')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'Ana P. Ruiz');
    await userEvent.type(screen.getByLabelText('Phone'), '813 555 0123');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes have been saved.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/me/profile'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ full_name: 'Ana P. Ruiz', phone: '813 555 0123' });
  });

  it('changes the email of a password account through a link sent to the new address', async () => {
    const fetchMock = mockApi({
      'GET /api/me': { body: { ...ME, user: { ...ME.user, email_editable: true } } },
      'GET /api/account/addresses': { body: [] },
      'PATCH /api/me/profile': { body: ME.profile },
      'POST /api/auth/change-email': { body: { status: true } },
    });
    renderSettings();
    const email = await screen.findByLabelText('Email');
    expect(email).not.toHaveAttribute('readonly');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/change-email'))).toBe(false);

    await userEvent.clear(email);
    await userEvent.type(email, 'Ana.New@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('We sent a confirmation link to ana.new@example.com. Your email changes when you open it.')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/auth/change-email'));
    expect(JSON.parse(String(call![1]!.body))).toEqual({ newEmail: 'ana.new@example.com', callbackURL: `${window.location.origin}/settings?email=changed` });
  });

  it('says so when the confirmation link brought the customer back', async () => {
    mockApi({ 'GET /api/me': { body: ME }, 'GET /api/account/addresses': { body: [] } });
    renderSettings('/settings?email=changed');
    expect(await screen.findByText('Your email address has been changed.')).toBeInTheDocument();
  });

  it("shows the server's field message for an invalid phone", async () => {
    mockApi({
      'GET /api/me': { body: ME },
      'GET /api/account/addresses': { body: [] },
      'PATCH /api/me/profile': {
        status: 400,
        body: { message: 'Please check the highlighted fields.', code: 'update_error', details: { phone: 'Please enter a valid US phone number, e.g. (813) 555-0123.' } },
      },
    });
    renderSettings();
    await userEvent.type(await screen.findByLabelText('Phone'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please enter a valid US phone number, e.g. (813) 555-0123.')).toBeInTheDocument();
  });

  it('adds an address, shows the service-area refusal, sets a default and deletes', async () => {
    let addresses = [{ id: 'a1', street: '100 N Tampa St', unit: null, city: 'Tampa', state: 'FL', zip: '33602', is_default: true }];
    const fetchMock = mockApi({
      'GET /api/me': { body: ME },
      'GET /api/account/addresses': () => ({ body: addresses }),
      'POST /api/account/addresses': (init) => {
        const body = JSON.parse(String(init!.body));
        if (body.zip === '90210') {
          return { status: 422, body: { message: "Sorry, we don't serve ZIP code 90210 yet.", code: 'outside_service_area', details: { zip: "Sorry, we don't serve ZIP code 90210 yet." } } };
        }
        const created = { id: 'a2', unit: null, ...body, is_default: false };
        addresses = [...addresses, created];
        return { status: 201, body: created };
      },
      'PATCH /api/account/addresses/a2': () => {
        addresses = addresses.map((a) => ({ ...a, is_default: a.id === 'a2' }));
        return { body: addresses[1] };
      },
      'DELETE /api/account/addresses/a1': () => {
        addresses = addresses.filter((a) => a.id !== 'a1');
        return { body: addresses };
      },
    });
    renderSettings();
    expect(await screen.findByText('100 N Tampa St')).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await userEvent.type(screen.getByLabelText('Street address'), '2 Bay Blvd');
    await userEvent.type(screen.getByLabelText('ZIP code'), '90210');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findAllByText("Sorry, we don't serve ZIP code 90210 yet.")).not.toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('ZIP code'));
    await userEvent.type(screen.getByLabelText('ZIP code'), '33606');
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('2 Bay Blvd')).toBeInTheDocument();
    const post = fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith('/api/account/addresses') && init?.method === 'POST').at(-1)!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ street: '2 Bay Blvd', unit: '', city: 'Tampa', state: 'FL', zip: '33606' });

    await userEvent.click(screen.getByRole('button', { name: 'Set as default' }));
    expect(await screen.findByText('Default address updated.')).toBeInTheDocument();
    const deletes = screen.getAllByRole('button', { name: 'Delete' });
    await userEvent.click(deletes[0]!);
    expect(await screen.findByText('Address deleted.')).toBeInTheDocument();
  });

  it('lists the saved cards with the default first and its badge, sets another as default, and removes one', async () => {
    const visa = { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030 };
    const mastercard = { id: 'pm_2', brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2031 };
    let cards = [
      { ...visa, is_default: true },
      { ...mastercard, is_default: false },
    ];
    const fetchMock = mockApi({
      'GET /api/me': { body: ME },
      'GET /api/account/addresses': { body: [] },
      'GET /api/account/preferences': { body: { email: true, sms: true } },
      'GET /api/account/payment-methods': () => ({ body: cards }),
      'PUT /api/account/payment-methods/pm_2/default': () => {
        cards = [
          { ...mastercard, is_default: true },
          { ...visa, is_default: false },
        ];
        return { body: cards };
      },
      'PUT /api/account/payment-methods/pm_1/default': { status: 404, body: { message: 'We could not find that.', code: 'not_found' } },
      'DELETE /api/account/payment-methods/pm_1': () => {
        cards = cards.filter((card) => card.id !== 'pm_1');
        return { status: 200, body: null };
      },
    });
    renderSettings();
    expect(await screen.findByText('mastercard ending in 4444')).toBeInTheDocument();
    const items = async () => (await screen.findAllByRole('listitem')).filter((item) => item.textContent?.includes('ending in'));
    expect((await items()).map((item) => item.textContent)).toEqual([
      expect.stringMatching(/visa ending in 4242.*Default.*Expires 04\/2030/),
      expect.stringMatching(/mastercard ending in 4444.*Expires 11\/2031/),
    ]);
    expect(screen.getAllByText('Default')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Set as default: the card ending in 4242' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Set as default: the card ending in 4444' }));
    expect(await screen.findByText('Default card updated.')).toBeInTheDocument();
    await waitFor(async () => expect((await items())[0]).toHaveTextContent(/mastercard ending in 4444.*Default/));
    expect(fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/api/account/payment-methods/pm_2/default') && init?.method === 'PUT')).toBe(true);

    // A failure shows the server's message (in the user's language) as an error toast.
    await userEvent.click(screen.getByRole('button', { name: 'Set as default: the card ending in 4242' }));
    expect(await screen.findByText('We could not find that.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove the card ending in 4242' }));
    expect(await screen.findByText('Card removed.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('visa ending in 4242')).not.toBeInTheDocument());

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es');
    expect(await screen.findByText('Predeterminada')).toBeInTheDocument();
    expect(screen.getByText('mastercard terminada en 4444')).toBeInTheDocument();
  });

  it('shows a Set as default button on every card but the default, and the empty state', async () => {
    let cards = [
      { id: 'pm_1', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, is_default: true },
      { id: 'pm_2', brand: 'visa', last4: '1881', exp_month: 1, exp_year: 2032, is_default: false },
    ];
    mockApi({
      'GET /api/me': { body: ME },
      'GET /api/account/addresses': { body: [] },
      'GET /api/account/payment-methods': () => ({ body: cards }),
      'DELETE /api/account/payment-methods/pm_1': () => {
        cards = [];
        return { status: 200, body: null };
      },
    });
    renderSettings();
    expect(await screen.findByText('visa ending in 1881')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Set as default:/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Set as default: the card ending in 1881' })).toHaveTextContent('Set as default');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the card ending in 4242' }));
    expect(await screen.findByText('You have no saved cards. A card you use for a booking is kept here.')).toBeInTheDocument();
  });

  it('saves the notification choices and switches the language', async () => {
    let prefs = { email: true, sms: true };
    const fetchMock = mockApi({
      'GET /api/me': { body: ME },
      'GET /api/account/addresses': { body: [] },
      'GET /api/account/payment-methods': { body: [] },
      'GET /api/account/preferences': () => ({ body: prefs }),
      'PUT /api/account/preferences': (init) => {
        prefs = JSON.parse(String(init!.body));
        return { body: prefs };
      },
    });
    renderSettings();
    const sms = await screen.findByRole('checkbox', { name: 'Text me (SMS) about my bookings' });
    await waitFor(() => expect(sms).toBeChecked());
    await userEvent.click(sms);
    expect(await screen.findByText('Preferences saved.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put![1]!.body))).toEqual({ email: true, sms: false });
    await waitFor(() => expect(sms).not.toBeChecked());

    await userEvent.selectOptions(screen.getByLabelText('Language'), 'es');
    expect(await screen.findByRole('heading', { name: 'Configuración' })).toBeInTheDocument();
    expect(localStorage.getItem('lang')).toBe('es');
  });

  it('changes the password, lists the sessions and signs out the other ones', async () => {
    let sessions = [
      { id: 's1', token: 't1', createdAt: '2026-11-20T15:00:00Z', updatedAt: '2026-11-20T15:00:00Z', expiresAt: '2026-11-27T15:00:00Z', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
      { id: 's2', token: 't2', createdAt: '2026-11-21T15:00:00Z', updatedAt: '2026-11-21T15:00:00Z', expiresAt: '2026-11-28T15:00:00Z', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1' },
    ];
    const fetchMock = mockApi({
      'GET /api/me': { body: ME },
      'GET /api/account/addresses': { body: [] },
      'GET /api/account/payment-methods': { body: [] },
      'GET /api/account/preferences': { body: { email: true, sms: true } },
      'GET /api/auth/list-sessions': () => ({ body: sessions }),
      'POST /api/auth/change-password': (init) =>
        JSON.parse(String(init!.body)).currentPassword === 'old-password-1'
          ? { body: { token: null } }
          : { status: 400, body: { message: 'Your current password is not correct.', code: 'invalid_password', details: { currentPassword: 'Your current password is not correct.' } } },
      'POST /api/auth/revoke-other-sessions': () => {
        sessions = sessions.slice(0, 1);
        return { body: { status: true } };
      },
    });
    renderSettings();
    // devices read as browser and system, never the raw user-agent string
    expect(await screen.findByText('Safari on iOS')).toBeInTheDocument();
    expect(screen.getByText('Chrome on Windows')).toBeInTheDocument();
    expect(screen.queryByText(/Mozilla\/5\.0/)).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Current password'), 'wrong-one');
    await userEvent.type(screen.getByLabelText('New password (at least 8 characters)'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password must be at least 8 characters.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('New password (at least 8 characters)'), '-but-longer');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('Your current password is not correct.')).not.toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    const change = fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/change-password')).at(-1)!;
    expect(JSON.parse(String(change[1]!.body))).toEqual({ currentPassword: 'old-password-1', newPassword: 'short-but-longer' });

    await userEvent.click(screen.getByRole('button', { name: 'Sign out of all other sessions' }));
    expect(await screen.findByText('All other sessions have been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
  });

  it('deletes the account only after DELETE is typed, shows a refusal, then goes home signed out', async () => {
    let open = true;
    const fetchMock = mockApi({
      'GET /api/me': { body: ME },
      'GET /api/account/addresses': { body: [] },
      'GET /api/account/payment-methods': { body: [] },
      'GET /api/account/preferences': { body: { email: true, sms: true } },
      'GET /api/auth/list-sessions': { body: [] },
      'DELETE /api/account': () =>
        open
          ? { status: 409, body: { message: 'Please cancel your upcoming bookings before deleting your account.', code: 'upcoming_bookings' } }
          : { body: { deleted: true } },
    });
    const { queryClient } = renderSettings();
    const button = await screen.findByRole('button', { name: 'Delete my account' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(await screen.findByText('Please cancel your upcoming bookings before deleting your account.')).toBeInTheDocument();

    open = false;
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(queryClient.getQueryData(['me'])).toEqual(SIGNED_OUT);
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(call![1]!.body))).toEqual({ confirm: 'DELETE' });
  });
});
