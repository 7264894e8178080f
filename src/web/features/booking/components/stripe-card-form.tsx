/**
 * Card entry with Stripe (issue #3): the Payment Element in deferred-intent mode, set up like
 * the hold the server will place (manual capture, card saved for the charge after the job).
 * "Continue" validates the element and creates a PaymentMethod in the browser; only its id,
 * brand and last 4 digits reach the draft. Card numbers never touch our code or our server.
 * Stripe.js loads lazily (utils/load-stripe.ts), with a loading state and a retry when it fails.
 */
import type { Stripe, StripeElements, StripePaymentElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { FieldError } from '@/web/components/ui/field-error';
import { cardErrorText } from '../utils/card-error-text';
import { loadStripeClient } from '../utils/load-stripe';
import type { CardEntryProps } from './card-entry';
import { StepActions } from './step-layout';

type LoadState = 'loading' | 'ready' | 'failed';

export function StripeCardForm({ submitLabel, amountCents, payments, onSaved, onBack }: CardEntryProps) {
  const { t, i18n } = useTranslation();
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [loadState, setLoadState] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const publishableKey = payments.publishableKey ?? '';
  // The element is built once per load; later amount changes go through elements.update below.
  const amountRef = useRef(amountCents);
  amountRef.current = amountCents;

  useEffect(() => {
    let cancelled = false;
    let element: StripePaymentElement | null = null;
    setLoadState('loading');
    loadStripeClient(publishableKey)
      .then((stripe) => {
        if (cancelled) return;
        if (!stripe || !mountRef.current) return setLoadState('failed');
        const elements = stripe.elements({
          mode: 'payment',
          amount: amountRef.current,
          currency: 'usd',
          captureMethod: 'manual',
          setupFutureUsage: 'off_session',
          paymentMethodCreation: 'manual',
          locale: i18n.language === 'es' ? 'es' : 'en',
          appearance: { theme: 'stripe', variables: { colorPrimary: '#1d4ed8', borderRadius: '6px' } },
        });
        element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => !cancelled && setLoadState('ready'));
        element.on('loaderror', () => !cancelled && setLoadState('failed'));
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
      })
      .catch(() => !cancelled && setLoadState('failed'));
    return () => {
      cancelled = true;
      element?.destroy();
      stripeRef.current = null;
    };
  }, [publishableKey, attempt, i18n.language]);

  useEffect(() => {
    stripeRef.current?.elements.update({ amount: amountCents });
  }, [amountCents]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const loaded = stripeRef.current;
    if (!loaded || busy) return;
    setBusy(true);
    setError(null);
    try {
      // Validates the fields (their own errors show inside the element) and collects wallet data.
      const submitted = await loaded.elements.submit();
      if (submitted.error) {
        setError(cardErrorText(submitted.error, t, t('booking.payment.stripe.cardInvalid')));
        return;
      }
      const { paymentMethod, error: createError } = await loaded.stripe.createPaymentMethod({ elements: loaded.elements });
      if (createError || !paymentMethod) {
        setError(cardErrorText(createError, t, t('errors.generic')));
        return;
      }
      onSaved({ id: paymentMethod.id, brand: paymentMethod.card?.brand ?? paymentMethod.type, last4: paymentMethod.card?.last4 ?? '' });
    } catch {
      setError(t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <div aria-live="polite">
        {loadState === 'loading' ? (
          <p role="status" className="text-sm text-slate-700">
            {t('booking.payment.stripe.loading')}
          </p>
        ) : loadState === 'failed' ? (
          <div role="alert" className="space-y-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p>{t('booking.payment.stripe.loadFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              {t('booking.actions.retry')}
            </Button>
          </div>
        ) : null}
      </div>
      <div ref={mountRef} className={loadState === 'failed' ? 'hidden' : 'min-h-12'} />
      <div aria-live="assertive">
        <FieldError id="card-error" message={error} />
      </div>
      <StepActions
        onBack={onBack}
        submitLabel={submitLabel}
        busy={busy}
        busyLabel={t('booking.actions.processing')}
        submitDisabled={loadState !== 'ready'}
      />
    </form>
  );
}
