/**
 * "Confirm & Book": builds the request from the draft, checks it with the request schema, and
 * posts it with the draft's Idempotency-Key. A refusal is turned into feedback on the step that
 * must change (see booking-rejection.ts) and the draft is corrected: a declined card or a taken
 * time is cleared, and the key is renewed unless the same request may be retried.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BookingView, CreateBookingRequest } from '@/domain/booking-request';
import { createBookingRequestSchema } from '@/domain/booking-request';
import { useCreateBooking } from '../api/create-booking';
import { slotsKey } from '../api/get-slots';
import { feedbackFromIssues, rejectionOf, type StepFeedback } from '../utils/booking-rejection';
import { newIdempotencyKey, type BookingDraft, type DraftUpdate } from './use-booking-draft';

/** The request as the draft has it; the values may still be incomplete, so the request schema checks them before sending. */
export function bookingRequestFrom(draft: BookingDraft): CreateBookingRequest {
  return {
    options: draft.options[draft.service],
    address: draft.address,
    contactPhone: draft.contactPhone,
    notes: draft.notes.trim() || undefined,
    startAt: draft.startAt ?? '',
    paymentMethodId: draft.paymentMethod?.id ?? '',
  } as CreateBookingRequest;
}

export interface ConfirmBookingOptions {
  draft: BookingDraft;
  update: (change: DraftUpdate) => void;
  onBooked: (booking: BookingView) => void;
  onRejected: (feedback: StepFeedback) => void;
}

export function useConfirmBooking({ draft, update, onBooked, onRejected }: ConfirmBookingOptions) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const createBooking = useCreateBooking();

  function confirm() {
    if (createBooking.isPending) return;
    const parsed = createBookingRequestSchema.safeParse(bookingRequestFrom(draft));
    if (!parsed.success) {
      onRejected(feedbackFromIssues(parsed.error.issues, t('errors.validationFailed')));
      return;
    }
    createBooking.mutate(
      { request: parsed.data, idempotencyKey: draft.idempotencyKey },
      {
        onSuccess: onBooked,
        onError: (error) => {
          const { clearCard, clearStart, sameKeyOnRetry, ...feedback } = rejectionOf(error, t('errors.generic'));
          update({
            ...(clearCard ? { paymentMethod: null } : {}),
            ...(clearStart ? { startAt: null } : {}),
            ...(sameKeyOnRetry ? {} : { idempotencyKey: newIdempotencyKey() }),
          });
          if (clearStart) void queryClient.invalidateQueries({ queryKey: slotsKey(draft.service) });
          if (feedback.step === 'signin') void queryClient.invalidateQueries({ queryKey: ['me'] });
          onRejected(feedback);
        },
      },
    );
  }

  return { confirm, busy: createBooking.isPending };
}
