/**
 * The chat panel's frame: a labelled, non-modal dialog (the page stays usable beside it on a
 * desktop), full screen on phones (the page behind then stops scrolling) and a card above the
 * chat button from `sm` up. Its title takes focus when it opens; Escape closes it (the widget
 * then focuses its button again).
 */
import LoaderCircle from 'lucide-react/icons/loader-circle';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContactPromise } from '@/web/lib/public-settings';

export function PanelFrame({ id, onClose, children }: { id: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const promise = useContactPromise();

  useEffect(() => {
    title.current?.focus();
  }, []);

  // Full screen on phones: the page behind must not scroll under the finger.
  useEffect(() => {
    if (typeof window.matchMedia !== 'function' || !window.matchMedia('(max-width: 639px)').matches) return;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };

  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-50 flex flex-col overflow-hidden bg-white sm:inset-auto sm:bottom-20 sm:right-4 sm:h-[min(620px,calc(100dvh-7rem))] sm:w-[380px] sm:rounded-xl sm:border sm:border-slate-200 sm:shadow-2xl"
    >
      <div className="flex items-start justify-between gap-2 border-b border-slate-200 bg-brand-600 px-4 py-3 pt-[max(0.75rem,env(safe-area-inset-top))] text-white">
        <div className="min-w-0">
          <h2 id={titleId} ref={title} tabIndex={-1} className="text-base font-semibold focus:outline-none">
            {t('chats.widget.title')}
          </h2>
          <p className="text-xs text-white/90">{t('chats.widget.promise', { min: promise.min, max: promise.max })}</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-md hover:bg-white/15 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          <X aria-hidden="true" className="h-5 w-5" />
          <span className="sr-only">{t('chats.widget.close')}</span>
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col">{children}</div>
    </div>
  );
}

export function PanelLoading() {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex flex-1 items-center justify-center gap-2 p-6 text-sm text-slate-600">
      <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
      {t('chats.widget.loading')}
    </p>
  );
}
