// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from 'sonner';
import i18n from '@/web/lib/i18n';
import { AppToaster, TOAST_TOP_OFFSET_PX } from './app-toaster';

describe('the app toaster', () => {
  afterEach(async () => {
    toast.dismiss();
    await act(() => i18n.changeLanguage('en'));
  });

  it('names the close button in Spanish for a Spanish reader (not "Close toast")', async () => {
    await act(() => i18n.changeLanguage('es'));
    render(<AppToaster />);
    act(() => {
      toast.success('Guardado');
    });
    expect(await screen.findByRole('button', { name: 'Cerrar aviso' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close toast' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: /Avisos/ })).toBeInTheDocument();
  });

  it('sits below the 64 px header, on phones too', async () => {
    render(<AppToaster />);
    act(() => {
      toast.success('Saved');
    });
    await screen.findByRole('button', { name: 'Close notification' });
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(list.dataset.yPosition).toBe('top');
    expect(list.style.getPropertyValue('--offset-top')).toBe(`${TOAST_TOP_OFFSET_PX}px`);
    expect(list.style.getPropertyValue('--mobile-offset-top')).toBe(`${TOAST_TOP_OFFSET_PX}px`);
    expect(TOAST_TOP_OFFSET_PX).toBeGreaterThan(64);
  });
});
