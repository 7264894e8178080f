// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/web/app/provider';
import { toast } from './toast';

// The provider starts the analytics tracker; nothing here is about it.
vi.mock('@/web/lib/analytics', () => ({ startAnalytics: () => {} }));
// The toaster's chunk arrives after sonner's, as it can over a network: the first toast is sent
// before the toaster listens, and must still be shown.
vi.mock('@/web/app/app-toaster', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return importOriginal();
});

describe('toasts', () => {
  it('mount the toaster with the first toast of the visit and show that toast, then the next ones', async () => {
    render(
      <AppProvider>
        <p>page</p>
      </AppProvider>,
    );
    // A page that shows no toast draws no toaster (sonner is not loaded for it), even once
    // the toaster's chunk would have arrived.
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('region', { name: /Notifications/ })).not.toBeInTheDocument();

    act(() => toast.success('Address saved'));
    expect(await screen.findByText('Address saved')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close notification' })).toBeInTheDocument();

    act(() => toast.error('Could not save the address'));
    expect(await screen.findByText('Could not save the address')).toBeInTheDocument();
  });
});
