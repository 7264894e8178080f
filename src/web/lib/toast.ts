/**
 * Toasts (sonner) without sonner on a page that shows none (issue #16): the toaster
 * (app/app-toaster.tsx, one toast at a time, spec section 9) is a lazy chunk the app provider mounts
 * on the first toast of the visit. Sonner keeps the toasts sent before its toaster listens and
 * hands them over when it subscribes (sonner 2: `Observer.subscribe` replays the active ones), so
 * that first toast is shown once the chunk has arrived. Before, every page loaded sonner (~9 KB
 * gzip), injected its styles and drew its toaster right after the first render, though most
 * visits show no toast. When the chunk cannot load (a dropped connection) the toast is not seen
 * and the app goes on.
 */
import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

const loadSonner = () => import('sonner');

let wanted = false;
const listeners = new Set<() => void>();

/** Whether a toast has been asked for during this visit, so the toaster is mounted (app/provider.tsx). */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

type Kind = 'success' | 'error' | 'info' | 'message';

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
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
