// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, renderWithProviders } from '../testing/render';
import { defaultOptionValues } from '../utils/option-values';
import { FurnitureOptionsForm } from './furniture-options-form';

const PHOTO_ID = '0b9d3c1e-4f6a-4b8e-9c2d-1a2b3c4d5e6f';

function renderForm() {
  const onSubmit = vi.fn();
  renderWithProviders(<FurnitureOptionsForm values={defaultOptionValues()['furniture-assembly']} onChange={vi.fn()} onSubmit={onSubmit} onBack={vi.fn()} />);
  return { onSubmit };
}

describe('furniture options', () => {
  it('asks for at least one of product name, URL or photo', async () => {
    const { onSubmit } = renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Please provide at least one: product name, URL, or photo.')).toBeInTheDocument();
    expect(screen.getByLabelText('Product name')).toHaveFocus();
    expect(screen.getByLabelText('Product name')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits with a product name and the estimated hours', async () => {
    const { onSubmit } = renderForm();
    await userEvent.type(screen.getByLabelText('Product name'), 'MALM dresser');
    await userEvent.selectOptions(screen.getByLabelText('Estimated hours'), '3 hours');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ service: 'furniture-assembly', productName: 'MALM dresser', estimatedHours: 3 }), expect.anything()),
    );
    expect(screen.getByText('Most furniture takes 1-3 hours to assemble.')).toBeInTheDocument();
  });

  it('rejects files that are not images or larger than 10 MB before uploading', async () => {
    const { fetchMock } = fakeApi({});
    renderForm();
    const input = screen.getByLabelText('Photo of the product or its box');
    expect(input).toHaveAttribute('accept', 'image/*');

    await userEvent.upload(input, new File(['%PDF'], 'manual.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText('Please upload a photo (JPEG, PNG, WebP, GIF or HEIC).')).toBeInTheDocument();

    const huge = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, huge);
    expect(await screen.findByText('The photo must be 10 MB or smaller.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('uploads a photo at once, shows it, and accepts it as the detail', async () => {
    const { calls } = fakeApi({ 'POST /api/uploads': () => ({ status: 201, body: { id: PHOTO_ID, contentType: 'image/png', sizeBytes: 4 } }) });
    const { onSubmit } = renderForm();
    await userEvent.upload(screen.getByLabelText('Photo of the product or its box'), new File(['png!'], 'box.png', { type: 'image/png' }));

    expect(await screen.findByText('box.png')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the uploaded photo' })).toBeInTheDocument();
    expect((calls[0].body as FormData).get('file')).toBeInstanceOf(File);

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ photoUploadId: PHOTO_ID }), expect.anything()));
  });

  it('removes the photo', async () => {
    fakeApi({ 'POST /api/uploads': () => ({ status: 201, body: { id: PHOTO_ID, contentType: 'image/png', sizeBytes: 4 } }) });
    const { onSubmit } = renderForm();
    await userEvent.upload(screen.getByLabelText('Photo of the product or its box'), new File(['png!'], 'box.png', { type: 'image/png' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByText('Please provide at least one: product name, URL, or photo.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
