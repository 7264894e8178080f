/**
 * "Confirm & Book": builds the request from the draft, checks it with the request schema, and
 * posts it with the draft's Idempotency-Key. A refusal is turned into feedback on the step that
 * must change (see booking-rejection.ts) and the draft is corrected: a declined card or a taken
 * time is cleared, and the key is renewed unless the same request may be retried.
 *
 * `402 authentication_required` is no refusal: the bank wants the customer to confirm the hold
 * (3-D Secure). With Stripe, Stripe.js shows the bank's screen at once (`handleNextAction`); in
 * test mode the customer presses "Complete verification (test)" (the simulated gateway's
 * authenticate call). Either way the booking is then sent again with the SAME Idempotency-Key,
 * so the hold that waited for verification becomes the booking, never a second one.
 *
 * Used by the Review step (components/review-step.tsx `ConfirmingReviewStep`), the only one that
 * confirms, so this code and the request's error handling load with that step's chunk, not with
 * the booking page (issue #16). Leaving the step while the bank waits gives up the verification:
 * the next attempt is a different request, with a new key.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView, CreateBookingRequest } from '@/domain/booking-request';
import { ApiError } from '@/web/lib/api-client';
import { newIdempotencyKey } from '@/web/lib/idempotency-key';
import type { PublicSettings } from '@/web/lib/public-settings';
import { slotsKey } from '@/web/lib/slots';
import { authenticateTestPayment } from '../api/authenticate-test-payment';
import { useCreateBooking } from '../api/create-booking';
import { authenticationSecretOf, feedbackFromIssues, rejectionOf, type StepFeedback } from '../utils/booking-rejection';
import { cardErrorText } from '../utils/card-error-text';
import { loadStripeClient } from '../utils/load-stripe';
import type { DraftRules } from '../utils/draft-rules';
import type { BookingDraft, DraftUpdate } from './use-booking-draft';
import { trackStepBlocked } from './use-funnel-events';

/** The request as the draft has it; the values may still be incomplete, so the request schema checks them before sending. */
export function bookingRequestFrom(draft: BookingDraft): CreateBookingRequest {
  return {
    options: draft.options[draft.service],
    address: draft.address,
    contactPhone: draft.contactPhone,
    notes: draft.notes.trim() || undefined,
    saveAddress: draft.saveAddress ?? undefined,
    startAt: draft.startAt ?? '',
    paymentMethodId: draft.paymentMethod?.id ?? '',
  } as CreateBookingRequest;
}

/** A bank's request to confirm the payment, while the customer deals with it. */
export interface BankVerification {
  /** `stripe`: Stripe.js shows the bank's own screen; `test`: the simulated gateway's stand-in. */
  mode: 'stripe' | 'test';
  /** Verifying, or sending the booking again afterwards. */
  busy: boolean;
  /** Why the last verification did not go through (already translated). */
  error: string | null;
}

export interface ConfirmBookingOptions {
  draft: BookingDraft;
  update: (change: DraftUpdate) => void;
  /** The gateway settings: Stripe verification needs its publishable key. */
  payments: PublicSettings['payments'] | undefined;
  onBooked: (booking: BookingView) => void;
  onRejected: (feedback: StepFeedback) => void;
  /** The draft rules (the request schema); null until loaded, when nothing can be confirmed yet. */
  rules: DraftRules | null;
}

export function useConfirmBooking({ draft, update, payments, onBooked, onRejected, rules }: ConfirmBookingOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const createBooking = useCreateBooking();
  const [verification, setVerificationState] = useState<(BankVerification & { clientSecret: string }) | null>(null);
  // Known at once, not at the next render: the step may go away in the same update that ends the verification.
  const pendingVerification = useRef(false);
  const setVerification = (next: (BankVerification & { clientSecret: string }) | null) => {
    pendingVerification.current = next !== null;
    setVerificationState(next);
  };
  // Retries run after an await, so they read the draft and settings of the latest render.
  const latest = useRef({ draft, payments, rules });
  latest.current = { draft, payments, rules };
  /** The last client secret Stripe was asked to handle by itself, so a repeated 402 waits for the customer instead of looping. */
  const autoHandled = useRef<string | null>(null);
  // Leaving Review (another step, another card) while the bank waits: whatever comes next is a new request.
  useEffect(
    () => () => {
      if (pendingVerification.current) update({ idempotencyKey: newIdempotencyKey() });
    },
    [],
  );

  function send() {
    const { draft: current, rules: currentRules } = latest.current;
    // The Review step, the only one that confirms, shows once the rules have loaded.
    if (!currentRules) return;
    const parsed = currentRules.checkBookingRequest(bookingRequestFrom(current));
    if (!parsed.success) {
      setVerification(null);
      const feedback = feedbackFromIssues(parsed.error.issues, t('errors.validationFailed'));
      for (const [field, rule] of Object.entries(feedback.fields ?? {})) trackStepBlocked({ step: 'review', service: current.service }, field, rule);
      onRejected(feedback);
      return;
    }
    createBooking.mutate(
      { request: parsed.data, idempotencyKey: current.idempotencyKey },
      {
        onSuccess: (booking) => {
          setVerification(null);
          onBooked(booking);
        },
        onError: (error) => {
          const clientSecret = authenticationSecretOf(error);
          if (clientSecret) return askBankVerification(clientSecret);
          setVerification(null);
          const { clearCard, clearStart, sameKeyOnRetry, ...feedback } = rejectionOf(error, t('errors.generic'));
          const field = Object.keys(feedback.fields ?? {})[0] ?? '_';
          trackStepBlocked({ step: 'review', service: current.service }, field, `api.${error instanceof ApiError ? error.code : 'network_error'}`);
          update({
            ...(clearCard ? { paymentMethod: null } : {}),
            ...(clearStart ? { startAt: null } : {}),
            ...(sameKeyOnRetry ? {} : { idempotencyKey: newIdempotencyKey() }),
          });
          if (clearStart) void queryClient.invalidateQueries({ queryKey: slotsKey(current.service) });
          if (feedback.step === 'signin') void queryClient.invalidateQueries({ queryKey: ['me'] });
          onRejected(feedback);
        },
      },
    );
  }

  function askBankVerification(clientSecret: string) {
    const { payments: gateway } = latest.current;
    const mode = gateway?.gateway === 'stripe' && gateway.publishableKey ? 'stripe' : 'test';
    setVerification({ clientSecret, mode, busy: false, error: null });
    if (mode === 'stripe' && autoHandled.current !== clientSecret) {
      autoHandled.current = clientSecret;
      void verify(clientSecret, mode);
    }
  }

  /** Runs the bank's verification, then books again with the same key. */
  async function verify(clientSecret: string, mode: BankVerification['mode']) {
    setVerification({ clientSecret, mode, busy: true, error: null });
    const failed = (message: string) => setVerification({ clientSecret, mode, busy: false, error: message });
    try {
      if (mode === 'stripe') {
        const stripe = await loadStripeClient(latest.current.payments?.publishableKey ?? '');
        if (!stripe) return failed(t('booking.payment.verification.failed'));
        const result = await stripe.handleNextAction({ clientSecret });
        if (result.error) return failed(cardErrorText(result.error, t, t('booking.payment.verification.failed')));
      } else {
        await authenticateTestPayment(clientSecret);
      }
    } catch (error) {
      return failed(error instanceof ApiError ? error.message : t('booking.payment.verification.failed'));
    }
    send();
  }

  return {
    confirm: () => {
      if (createBooking.isPending || verification?.busy) return;
      send();
    },
    busy: createBooking.isPending || Boolean(verification?.busy),
    /** Set while the bank asks the customer to confirm the payment. */
    verification: verification && { mode: verification.mode, busy: verification.busy || createBooking.isPending, error: verification.error },
    /** "Complete verification (test)", or trying the bank's screen again with Stripe. */
    completeVerification: () => {
      if (!verification || verification.busy || createBooking.isPending) return;
      void verify(verification.clientSecret, verification.mode);
    },
  };
}
