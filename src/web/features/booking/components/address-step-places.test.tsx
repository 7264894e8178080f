// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAutocomplete, finishLoadingMaps, mapsScript, TAMPA_PLACE } from '@/web/lib/places-fake';
import { renderWithProviders } from '../testing/render';
import { AddressStep, type AddressStepValues } from './address-step';

const EMPTY: AddressStepValues = { address: { street: '', unit: '', city: '', state: '', zip: '' }, contactPhone: '', notes: '', saveAddress: null };

function renderStep() {
  const onSubmit = vi.fn();
  renderWithProviders(
    <AddressStep
      values={EMPTY}
      onChange={vi.fn()}
      startAt={null}
      serviceAreaZips={['33602']}
      onChangeTime={vi.fn()}
      onSubmit={onSubmit}
      onBack={vi.fn()}
    />,
  );
  return { onSubmit };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

// In this order: the page loads the Maps script at most once, so the keyless visit comes first.
describe('address autocomplete in the booking flow', () => {
  it('without a Maps key loads nothing from Google and the plain fields work', async () => {
    vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', '');
    renderStep();
    await userEvent.type(screen.getByLabelText('Street address'), '401 Channelside Dr');
    await userEvent.type(screen.getByLabelText('City'), 'Tampa');
    expect(screen.getByLabelText('Street address')).toHaveValue('401 Channelside Dr');
    expect(screen.getByLabelText('City')).toHaveValue('Tampa');
    expect(mapsScript()).toBeNull();
  });

  it('with a Maps key loads the script when the address step shows, and a chosen place fills the address', async () => {
    vi.stubEnv('VITE_GOOGLE_MAPS_API_KEY', 'test-key');
    expect(mapsScript()).toBeNull();
    const { onSubmit } = renderStep();

    await waitFor(() => expect(mapsScript()).not.toBeNull());
    const src = new URL(mapsScript()!.src);
    expect(src.searchParams.get('key')).toBe('test-key');
    expect(src.searchParams.get('libraries')).toBe('places');
    await act(async () => finishLoadingMaps());

    const street = screen.getByLabelText('Street address');
    await waitFor(() => expect(FakeAutocomplete.instances).toHaveLength(1));
    const autocomplete = FakeAutocomplete.instances[0];
    expect(autocomplete.input).toBe(street);
    expect(autocomplete.options).toEqual({ componentRestrictions: { country: 'us' }, fields: ['address_components'], types: ['address'] });

    act(() => autocomplete.choose(TAMPA_PLACE));
    expect(street).toHaveValue('1001 N Florida Ave');
    expect(screen.getByLabelText('City')).toHaveValue('Tampa');
    expect(screen.getByLabelText('State')).toHaveValue('FL');
    expect(screen.getByLabelText('ZIP code')).toHaveValue('33602');

    await userEvent.type(screen.getByLabelText('Contact phone'), '(813) 555-0123');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(document.querySelectorAll('script[src^="https://maps.googleapis.com/"]')).toHaveLength(1);
  });
});
