/**
 * A small accessible modal dialog: rendered over the page (a bottom sheet on phones, centred
 * from `sm` up), labelled by its title (and described by `description`), focus moved inside on
 * open and kept there (Tab and Shift+Tab wrap around), Escape or a click outside closes it, and
 * focus goes back to what opened it. While it is open the rest of the page is `inert`.
 *
 * Mount it to open it and unmount it to close it (`{open && <Dialog .../>}`), so state that
 * belongs to one opening (a fetched preview, an idempotency key) starts fresh every time.
 * jsdom has no `<dialog>.showModal()`, so this is a portal rather than a native `<dialog>`.
 */
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from '@/web/lib/cn';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  title: ReactNode;
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** What to focus on open; by default the first focusable element of the content (not the close button). */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes on close when this ref holds an element at that moment (e.g. the booking
   * just cancelled, whose Cancel button is about to disappear); otherwise focus returns to the
   * element that opened the dialog.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** False while a request is in flight: Escape and clicks outside then do nothing. */
  dismissible?: boolean;
  className?: string;
}

export function Dialog({ title, description, onClose, children, initialFocusRef, returnFocusRef, dismissible = true, className }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const overlayRef = useRef<HTMLDivElement>(null);
  // Read from the latest render inside effects and handlers without re-running the open effect.
  const latest = useRef({ onClose, dismissible, returnFocusRef });
  latest.current = { onClose, dismissible, returnFocusRef };

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const panel = panelRef.current;
    const target = initialFocusRef?.current ?? bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? panel;
    target?.focus();

    const overlay = overlayRef.current;
    const madeInert = Array.from(document.body.children).filter(
      (element): element is HTMLElement => element instanceof HTMLElement && element !== overlay && !element.inert,
    );
    madeInert.forEach((element) => (element.inert = true));
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    return () => {
      madeInert.forEach((element) => (element.inert = false));
      document.body.style.overflow = overflow;
      const back = latest.current.returnFocusRef?.current ?? (opener?.isConnected ? opener : null);
      back?.focus();
    };
    // Runs once per opening: the dialog is mounted to open it.
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (latest.current.dismissible) latest.current.onClose();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusables = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (focusables.length === 0) {
      event.preventDefault();
      return;
    }
    const first = focusables[0];
    const last = focusables[focusables.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      ref={overlayRef}
      className="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && latest.current.dismissible) latest.current.onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cn(
          'max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl focus:outline-none sm:max-w-lg sm:rounded-2xl sm:p-6',
          className,
        )}
      >
        <div className="mb-4 flex items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h2 id={titleId} className="text-xl font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => latest.current.dismissible && onClose()}
            disabled={!dismissible}
            className="-mt-1 -mr-1 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:opacity-50"
          >
            <X aria-hidden="true" className="h-5 w-5" />
            <span className="sr-only">{t('dialog.close')}</span>
          </button>
        </div>
        <div ref={bodyRef}>{children}</div>
      </div>
    </div>,
    document.body,
  );
}
