/**
 * Toasts (sonner) without putting sonner in the first page load: the toaster is a lazy chunk
 * mounted by the app provider, and each call loads sonner on first use. One toast is visible at
 * a time (spec section 9; `visibleToasts={1}` in app/provider.tsx).
 */
import type { ExternalToast } from 'sonner';

const loadSonner = () => import('sonner');

type Kind = 'success' | 'error' | 'info' | 'message';

function show(kind: Kind, message: string, options?: ExternalToast): void {
  void loadSonner().then(({ toast: sonner }) => {
    if (kind === 'message') sonner(message, options);
    else sonner[kind](message, options);
  });
}

export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  message: (message: string, options?: ExternalToast) => show('message', message, options),
};
