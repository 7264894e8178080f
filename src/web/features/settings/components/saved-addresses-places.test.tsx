// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAutocomplete, finishLoadingMaps, mapsScript, TAMPA_PLACE } from '@/web/lib/places-fake';
import { mockApi, renderPage } from '@/web/test/render-route';
import { SavedAddresses } from './saved-addresses';

const HOME = { id: 'a1', street: '100 N Tampa St', unit: null, city: 'Tampa', state: 'FL', zip: '33602', is_default: true };

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

// In this order: the page loads the Maps script at most once, so the keyless visit comes first.
describe('address autocomplete in Settings > Saved Addresses', () => {
  it('without a Maps key loads nothing from Google and the plain fields work', async () => {
    vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', '');
    mockApi({ 'GET /api/account/addresses': { body: [HOME] } });
    renderPage(<SavedAddresses />, { path: '/settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add address' }));
    await userEvent.type(screen.getByLabelText('Street address'), '2 Bay Blvd');
    expect(screen.getByLabelText('Street address')).toHaveValue('2 Bay Blvd');
    expect(mapsScript()).toBeNull();
  });

  it('with a Maps key loads the script only when the address form opens, and a chosen place fills it', async () => {
    vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', 'test-key');
    const fetchMock = mockApi({
      'GET /api/account/addresses': { body: [HOME] },
      'POST /api/account/addresses': (init) => ({ body: { id: 'a2', unit: null, ...JSON.parse(String(init!.body)), is_default: false } }),
    });
    renderPage(<SavedAddresses />, { path: '/settings' });
    expect(await screen.findByText('100 N Tampa St')).toBeInTheDocument();
    expect(mapsScript()).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(mapsScript()).not.toBeNull());
    await act(async () => finishLoadingMaps());
    await waitFor(() => expect(FakeAutocomplete.instances).toHaveLength(1));
    const autocomplete = FakeAutocomplete.instances[0];
    expect(autocomplete.input).toBe(screen.getByLabelText('Street address'));

    act(() => autocomplete.choose(TAMPA_PLACE));
    expect(screen.getByLabelText('Street address')).toHaveValue('1001 N Florida Ave');
    expect(screen.getByLabelText('City')).toHaveValue('Tampa');
    expect(screen.getByLabelText('State')).toHaveValue('FL');
    expect(screen.getByLabelText('ZIP code')).toHaveValue('33602');

    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ street: '1001 N Florida Ave', city: 'Tampa', state: 'FL', zip: '33602' });
    // The form closed: its suggestions no longer write into anything.
    await waitFor(() => expect(screen.queryByLabelText('Street address')).toBeNull());
    expect(autocomplete.listenerCount('place_changed')).toBe(0);

    // Opening the form again reuses the script already on the page.
    await userEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(FakeAutocomplete.instances).toHaveLength(2));
    expect(document.querySelectorAll('script[src^="https://maps.googleapis.com/"]')).toHaveLength(1);
  });
});
