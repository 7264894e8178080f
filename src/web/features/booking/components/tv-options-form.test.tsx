// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { defaultOptionValues } from '../utils/option-values';
import { TvOptionsForm } from './tv-options-form';

function renderForm() {
  const onSubmit = vi.fn();
  const onChange = vi.fn();
  renderWithProviders(<TvOptionsForm values={defaultOptionValues()['tv-installation']} onChange={onChange} onSubmit={onSubmit} onBack={vi.fn()} />);
  return { onSubmit, onChange };
}

describe('TV options', () => {
  it('shows the three TV messages when nothing is chosen, and focuses the first invalid field', async () => {
    const { onSubmit } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Please select a screen size.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the wall risk disclaimer to continue.')).toBeInTheDocument();
    expect(screen.getByText('Please acknowledge the service limitations.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Under 40"' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: /drilling into walls carries a small risk/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks only for what is still missing', async () => {
    renderForm();
    await userEvent.click(screen.getByRole('radio', { name: '56-65"' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /drilling into walls/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Please acknowledge the service limitations.')).toBeInTheDocument();
    expect(screen.queryByText('Please select a screen size.')).not.toBeInTheDocument();
    expect(screen.queryByText('Please accept the wall risk disclaimer to continue.')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /no electrical work inside walls/ })).toHaveFocus();
  });

  it('lets only one bracket be chosen and submits valid options', async () => {
    const { onSubmit, onChange } = renderForm();
    await userEvent.click(screen.getByRole('radio', { name: /Over 75"/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Flat mount/ }));
    await userEvent.click(screen.getByRole('radio', { name: /Full-motion mount/ }));
    expect(screen.getByRole('radio', { name: /Flat mount/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /drilling into walls/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /no electrical work inside walls/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(onSubmit).toHaveBeenCalledWith(
      { service: 'tv-installation', screenSize: 'over_75', bracket: 'full_motion', wallRiskAccepted: true, limitationsAcknowledged: true },
      expect.anything(),
    );
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ screenSize: 'over_75', limitationsAcknowledged: true }));
  });
});
