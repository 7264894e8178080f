/**
 * The frame of every admin action on a booking: a dialog with the action's fields, the server's
 * refusal (its translated message and any field messages) in an alert, and the footer: a way out
 * and the action's button, which shows a busy label and cannot fire twice. While the request is
 * in flight the dialog cannot be dismissed.
 */
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '@/web/components/ui/api-error-alert';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';

export interface ActionDialogProps {
  title: string;
  description?: string;
  onClose: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  /** The mutation's error, if the last attempt failed. */
  error: unknown;
  destructive?: boolean;
  /** False when the action cannot be taken (e.g. no worker to assign). */
  canConfirm?: boolean;
  closeLabel?: string;
  /** Where focus goes on close when it holds an element then (see Dialog); else back to the opener. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  children?: ReactNode;
  className?: string;
}

export function ActionDialog({
  title,
  description,
  onClose,
  onConfirm,
  confirmLabel,
  busyLabel,
  busy,
  error,
  destructive = false,
  canConfirm = true,
  closeLabel,
  returnFocusRef,
  children,
  className,
}: ActionDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog title={title} description={description} onClose={onClose} dismissible={!busy} returnFocusRef={returnFocusRef} className={className}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && canConfirm) onConfirm();
        }}
      >
        {children}
        <div aria-live="assertive">{error ? <ApiErrorAlert error={error} /> : null}</div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="outline" size="lg" onClick={onClose} disabled={busy}>
            {closeLabel ?? t('dispatch.actions.back')}
          </Button>
          <Button type="submit" size="lg" variant={destructive ? 'destructive' : 'default'} disabled={busy || !canConfirm} aria-busy={busy || undefined}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

