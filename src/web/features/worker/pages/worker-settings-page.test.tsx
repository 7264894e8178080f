// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/web/test/render-route';
import { WORKER, workerProfile } from '../testing/fixtures';
import { Component as WorkerSettingsPage } from './worker-settings-page';

function renderSettings() {
  const fetchMock = mockApi({
    'GET /api/me': { body: WORKER },
    'GET /api/worker/profile': { body: workerProfile() },
    'PATCH /api/worker/settings': { body: workerProfile() },
  });
  renderPage(<WorkerSettingsPage />, { path: '/worker/settings' });
  const patches = () => fetchMock.mock.calls.filter(([url, init]) => String(url) === '/api/worker/settings' && init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init?.body)));
  return { patches };
}

describe('worker settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the profile and saves phone, skills, ZIP codes and notification choices', async () => {
    const { patches } = renderSettings();
    const phone = await screen.findByLabelText('Phone');
    expect(phone).toHaveValue('(813) 555-0999');
    expect(screen.getByRole('checkbox', { name: 'Furniture assembly' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Painting' })).not.toBeChecked();
    expect(screen.getByLabelText('ZIP codes you serve')).toHaveValue('33602, 33606');

    await userEvent.clear(phone);
    await userEvent.type(phone, '813 555 0177');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Painting' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'TV installation' }));
    const zips = screen.getByLabelText('ZIP codes you serve');
    await userEvent.clear(zips);
    await userEvent.type(zips, '33602 33609,33610');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Text me about new and changed jobs' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Your settings are saved.')).toBeInTheDocument();
    expect(patches()).toEqual([
      { phone: '+18135550177', skills: ['furniture-assembly', 'painting'], serviceZips: ['33602', '33609', '33610'], notifyEmail: true, notifySms: true },
    ]);
  });

  it('checks the phone, at least one service and 5-digit ZIP codes (empty means the whole area)', async () => {
    const { patches } = renderSettings();
    const phone = await screen.findByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.type(phone, '123');
    await userEvent.click(screen.getByRole('checkbox', { name: 'TV installation' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Furniture assembly' }));
    const zips = screen.getByLabelText('ZIP codes you serve');
    await userEvent.clear(zips);
    await userEvent.type(zips, '3360, 33606');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText('Please enter a valid US phone number, e.g. (813) 555-0123.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one service.')).toBeInTheDocument();
    expect(screen.getByText('ZIP codes have 5 digits, separated by commas or spaces.')).toBeInTheDocument();
    expect(patches()).toHaveLength(0);

    await userEvent.clear(phone);
    await userEvent.type(phone, '(813) 555-0999');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Painting' }));
    await userEvent.clear(zips);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ skills: ['painting'], serviceZips: [] });
  });
});
