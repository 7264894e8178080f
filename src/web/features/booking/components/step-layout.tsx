/**
 * The frame of every step: its heading (focused when the step changes, so keyboard and screen
 * reader users land on the new step), an assertive live region for errors that arrive from the
 * network, and the Back / primary action row shared by the steps' forms.
 */
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';

export function StepLayout({
  title, description, headingRef, message, children,
}: { title: ReactNode; description?: ReactNode; headingRef?: Ref<HTMLHeadingElement>; message?: string | null; children: ReactNode }) {
  return (
    <section aria-labelledby="booking-step-title" className="space-y-5">
      <header className="space-y-1">
        <h2 id="booking-step-title" ref={headingRef} tabIndex={-1} className="scroll-mt-24 text-xl font-semibold text-slate-900 focus:outline-none sm:text-2xl">
          {title}
        </h2>
        {description && <p className="text-slate-600">{description}</p>}
      </header>
      <div aria-live="assertive" aria-atomic="true">
        {message && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800">
            {message}
          </p>
        )}
      </div>
      {children}
    </section>
  );
}

export function StepActions({
  onBack, submitLabel, busy = false, busyLabel, submitDisabled = false, onSubmit,
}: {
  onBack?: () => void;
  submitLabel: string;
  busy?: boolean;
  busyLabel?: string;
  /** The primary action cannot run yet (e.g. the card form is still loading); Back still works. */
  submitDisabled?: boolean;
  /** For steps without a form of their own; otherwise the button submits its form. */
  onSubmit?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <Button variant="outline" size="lg" onClick={onBack} disabled={busy}>
          {t('booking.actions.back')}
        </Button>
      ) : (
        <span aria-hidden="true" />
      )}
      <Button type={onSubmit ? 'button' : 'submit'} onClick={onSubmit} size="lg" disabled={busy || submitDisabled} aria-busy={busy || undefined}>
        {busy && busyLabel ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}
