// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SavedAddressView } from '@/domain/saved-details';
import { renderWithProviders } from '../testing/render';
import { AddressStep, type AddressStepValues } from './address-step';

const EMPTY: AddressStepValues = { address: { street: '', unit: '', city: 'Tampa', state: 'FL', zip: '' }, contactPhone: '', notes: '', saveAddress: null };

const SAVED: SavedAddressView = { id: '6f1c1c9e-8a3c-4a52-9d7c-2f1d0b0e6a11', street: '4202 W Kennedy Blvd', unit: null, city: 'Tampa', state: 'FL', zip: '33609', is_default: true };

function renderStep(serverErrors?: Record<string, string>, savedAddresses?: SavedAddressView[]) {
  const onSubmit = vi.fn();
  const onChange = vi.fn<(values: AddressStepValues) => void>();
  renderWithProviders(
    <AddressStep
      values={EMPTY}
      onChange={onChange}
      savedAddresses={savedAddresses}
      serverErrors={serverErrors}
      startAt="2026-05-15T18:00:00.000Z"
      serviceAreaZips={['33602', '33606']}
      onChangeTime={vi.fn()}
      onSubmit={onSubmit}
      onBack={vi.fn()}
    />,
  );
  return { onSubmit, lastValues: () => onChange.mock.calls.at(-1)?.[0] };
}

async function fillValid(zip: string) {
  await userEvent.type(screen.getByLabelText('Street address'), '401 Channelside Dr');
  await userEvent.type(screen.getByLabelText('ZIP code'), zip);
  await userEvent.type(screen.getByLabelText('Contact phone'), '(813) 555-0123');
}

describe('address and schedule', () => {
  it('summarises the chosen time and defaults the city and state', () => {
    renderStep();
    expect(screen.getByText(/Friday, May 15, 2026 at 2:00 PM EDT/)).toBeInTheDocument();
    expect(screen.getByLabelText('City')).toHaveValue('Tampa');
    expect(screen.getByLabelText('State')).toHaveValue('FL');
  });

  it('shows the address and phone rules next to their fields', async () => {
    const { onSubmit } = renderStep();
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Service' }));

    expect(await screen.findByText('Please enter the street address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a 5-digit ZIP code.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid US phone number, e.g. (813) 555-0123.')).toBeInTheDocument();
    expect(screen.getByLabelText('Street address')).toHaveFocus();
    expect(screen.getByLabelText('Contact phone')).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid US phone number'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stops at a ZIP outside the service area', async () => {
    const { onSubmit } = renderStep();
    await fillValid('90210');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Service' }));

    expect(await screen.findByText(/Sorry, we don't serve ZIP code 90210 yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('moves on with an address in the service area (Enter submits)', async () => {
    const { onSubmit } = renderStep();
    await fillValid('33602');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
  });

  it('shows field errors the server reported', async () => {
    renderStep({ 'address.zip': 'Sorry, we don\'t serve ZIP code 33999 yet.' });
    expect(await screen.findByText("Sorry, we don't serve ZIP code 33999 yet.")).toBeInTheDocument();
    expect(screen.getByLabelText('ZIP code')).toHaveFocus();
  });

  it('offers "Save this address", checked for a first address, and the booking carries the answer', async () => {
    const { onSubmit, lastValues } = renderStep();
    const box = screen.getByRole('checkbox', { name: 'Save this address for next time' });
    expect(box).toBeChecked();
    await fillValid('33602');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastValues()?.saveAddress).toBe(true);
  });

  it('leaves an unticked box unticked: the address is not saved', async () => {
    const { onSubmit, lastValues } = renderStep();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Save this address for next time' }));
    await fillValid('33602');
    await userEvent.click(screen.getByRole('button', { name: 'Schedule Service' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(lastValues()?.saveAddress).toBe(false);
  });

  it('with a saved address: preselects it and hides the box; a new address offers the box unchecked', async () => {
    renderStep(undefined, [SAVED]);
    expect(await screen.findByRole('radio', { name: /^4202 W Kennedy Blvd, Tampa, FL 33609/ })).toBeChecked();
    expect(screen.getByLabelText('Street address')).toHaveValue('4202 W Kennedy Blvd');
    expect(screen.queryByRole('checkbox', { name: 'Save this address for next time' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Enter a new address' }));
    expect(screen.getByRole('checkbox', { name: 'Save this address for next time' })).not.toBeChecked();
  });
});
