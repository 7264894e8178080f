// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/web/test/render-route';
import { Component as UsersPage } from './users-page';

const ADMIN = { user: { id: 'a1', email: 'admin@example.com', name: 'Dana Admin' }, profile: null, role: 'admin' };
const WORKER = { user: { id: 'w1', email: 'wes@example.com', name: 'Wes' }, profile: null, role: 'worker' };
const carla = { id: 'u1', name: 'Carla Customer', email: 'carla@example.com', role: 'user', joinedAt: '2026-11-01T12:00:00.000Z', bookingsCount: 3, disabled: false };

describe('the users page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('denies access to a worker', async () => {
    mockApi({ 'GET /api/me': { body: WORKER } });
    renderPage(<UsersPage />, { path: '/admin/users' });
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
  });

  it('searches, pages, changes a role and disables an account', async () => {
    const requests: string[] = [];
    mockApi({
      'GET /api/me': { body: ADMIN },
      'GET /api/admin/users': (_init, url) => {
        requests.push(url.search);
        return { body: { users: [carla], total: 45, page: Number(url.searchParams.get('page')), pageSize: 20 } };
      },
      'PATCH /api/admin/users/u1/role': (init) => {
        requests.push(`role ${JSON.parse(String(init?.body)).role}`);
        return { body: { id: 'u1', role: 'worker' } };
      },
      'POST /api/admin/users/u1/disable': () => {
        requests.push('disable');
        return { body: { id: 'u1', disabled: true } };
      },
    });
    renderPage(<UsersPage />, { path: '/admin/users' });
    const user = userEvent.setup();
    const row = (await screen.findByText('Carla Customer')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('carla@example.com');
    expect(within(row).getByRole('combobox', { name: 'Role of Carla Customer' })).toHaveValue('user');
    expect(row).toHaveTextContent('3');
    expect(screen.getByText('Page 1 of 3 (45 users)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 (45 users)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search by name or email'), 'carla');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await vi.waitFor(() => expect(requests).toContain('?page=1&pageSize=20&q=carla'));

    await user.selectOptions(within(row).getByRole('combobox'), 'worker');
    expect(await screen.findByText("Carla Customer's role was changed.")).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Disable' }));
    await vi.waitFor(() => expect(requests).toContain('disable'));
    expect(requests).toContain('role worker');
  });

  it("shows the server's refusal as a toast", async () => {
    mockApi({
      'GET /api/me': { body: ADMIN },
      'GET /api/admin/users': { body: { users: [{ ...carla, id: 'a1', name: 'Dana Admin', role: 'admin' }], total: 1, page: 1, pageSize: 20 } },
      'PATCH /api/admin/users/a1/role': { status: 422, body: { message: "You can't remove your own admin role.", code: 'own_admin_role' } },
    });
    renderPage(<UsersPage />, { path: '/admin/users' });
    await userEvent.setup().selectOptions(await screen.findByRole('combobox', { name: 'Role of Dana Admin' }), 'user');
    expect(await screen.findByText("You can't remove your own admin role.")).toBeInTheDocument();
  });
});
