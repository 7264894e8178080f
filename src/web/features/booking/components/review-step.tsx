/**
 * Step 7, Review: everything chosen, each part with a way back to change it, the price, the hold,
 * the card (with the same payment notice as the Payment step) and the cancellation policy in one sentence; then "Confirm & Book" (busy:
 * "Processing...", and it cannot fire twice). When the bank asks the customer to confirm the
 * payment (3-D Secure), a panel above the button says so and offers the way through.
 */
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardBrandName, formatTampaDateTime } from '@/domain/format';
import { PaymentNotice } from '@/web/components/booking/payment-notice';
import type { BookingOptions } from '@/domain/booking-options';
import { normalizeUsPhone } from '@/domain/phone';
import type { PriceQuote } from '@/domain/pricing';
import { OptionsSummary } from '@/web/components/booking/options-summary';
import { Button } from '@/web/components/ui/button';
import { formatAddress } from '@/web/lib/address';
import { useCancellationPolicy } from '@/web/lib/cancellation-policy';
import { formatPhoneForDisplay } from '@/web/lib/public-settings';
import type { BookingDraft } from '../hooks/use-booking-draft';
import { useConfirmBooking, type BankVerification, type ConfirmBookingOptions } from '../hooks/use-confirm-booking';
import type { DraftStep } from '../utils/steps';
import { PriceSummary } from './price-summary';
import { StepActions } from './step-layout';

export interface ReviewStepProps {
  draft: BookingDraft;
  options: BookingOptions;
  quote: PriceQuote;
  busy: boolean;
  /** Set while the bank asks the customer to confirm the payment. */
  verification?: BankVerification | null;
  onCompleteVerification?: () => void;
  onUseDifferentCard?: () => void;
  onEdit: (step: DraftStep) => void;
  onConfirm: () => void;
  onBack: () => void;
  /** The moment the payment notice decides from; the current time unless given (tests). */
  now?: Date;
}

/**
 * The Review step with "Confirm & Book" wired to the booking request (hooks/use-confirm-booking.ts):
 * the flow renders this one, so the confirming code is part of this step's lazy chunk.
 */
export function ConfirmingReviewStep({ confirmation, ...props }: Omit<ReviewStepProps, 'busy' | 'verification' | 'onCompleteVerification' | 'onConfirm'> & { confirmation: ConfirmBookingOptions }) {
  const { confirm, busy, verification, completeVerification } = useConfirmBooking(confirmation);
  return <ReviewStep {...props} busy={busy} verification={verification} onCompleteVerification={completeVerification} onConfirm={confirm} />;
}

function ReviewSection({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="space-y-2 border-b border-slate-200 pb-4">
      <div className="flex items-center justify-between gap-3">
        <h3 className="font-semibold text-slate-900">{title}</h3>
        <Button variant="link" size="sm" className="h-auto px-0" onClick={onEdit}>
          {t('booking.review.edit')}
          <span className="sr-only"> {title}</span>
        </Button>
      </div>
      {children}
    </section>
  );
}

export function ReviewStep({
  draft, options, quote, busy, verification = null, onCompleteVerification, onUseDifferentCard, onEdit, onConfirm, onBack, now,
}: ReviewStepProps) {
  const { t, i18n } = useTranslation();
  const policy = useCancellationPolicy();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm();
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <ReviewSection title={t(`services.${draft.service}.name`)} onEdit={() => onEdit('options')}>
        <OptionsSummary options={options} />
      </ReviewSection>
      <ReviewSection title={t('booking.steps.datetime')} onEdit={() => onEdit('datetime')}>
        <p className="text-sm">{draft.startAt && formatTampaDateTime(draft.startAt, i18n.language)}</p>
      </ReviewSection>
      <ReviewSection title={t('booking.review.addressTitle')} onEdit={() => onEdit('address')}>
        <div className="space-y-1 text-sm">
          <p>{formatAddress(draft.address)}</p>
          <p>{t('booking.review.phone', { phone: formatPhoneForDisplay(normalizeUsPhone(draft.contactPhone) ?? draft.contactPhone) })}</p>
          {draft.notes.trim() && <p className="break-words whitespace-pre-line text-slate-700">{draft.notes}</p>}
        </div>
      </ReviewSection>
      <ReviewSection title={t('booking.steps.payment')} onEdit={() => onEdit('payment')}>
        <div className="space-y-1 text-sm">
          {draft.paymentMethod && <p>{t('booking.payment.savedCard', { brand: cardBrandName(draft.paymentMethod.brand), last4: draft.paymentMethod.last4 })}</p>}
          {draft.startAt ? <PaymentNotice start={draft.startAt} now={now ?? new Date()} totalCents={quote.totalCents} /> : null}
        </div>
      </ReviewSection>
      <PriceSummary quote={quote} className="shadow-none" />
      <p className="text-sm text-slate-700">
        {t('booking.review.cancellation', { hours: policy.freeNoticeHours })}{' '}
        <Link to="/cancellations" className="font-medium text-brand-700 underline underline-offset-4">
          {t('booking.review.cancellationLink')}
        </Link>
      </p>
      {verification ? (
        <VerificationPanel verification={verification} onComplete={onCompleteVerification} onUseDifferentCard={onUseDifferentCard} />
      ) : null}
      {/* While the bank waits, the way forward is the verification panel's button, not a second booking attempt. */}
      <StepActions
        onBack={onBack}
        submitLabel={t('booking.actions.confirm')}
        busy={busy}
        busyLabel={t('booking.actions.processing')}
        submitDisabled={Boolean(verification)}
      />
    </form>
  );
}

/**
 * "Your bank asks you to confirm this payment": in test mode a button stands in for the bank's
 * screen; with Stripe the bank's screen opens by itself and the button tries again after a
 * failure. Focus moves here when it appears, so nobody misses it.
 */
function VerificationPanel({
  verification, onComplete, onUseDifferentCard,
}: { verification: BankVerification; onComplete?: () => void; onUseDifferentCard?: () => void }) {
  const { t } = useTranslation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const { mode, busy, error } = verification;
  const showButton = mode === 'test' || Boolean(error);

  return (
    <section aria-labelledby="verification-title" className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900">
      <h3 id="verification-title" ref={headingRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
        {t('booking.payment.verification.title')}
      </h3>
      <p>{mode === 'test' ? t('booking.payment.verification.testBody') : t('booking.payment.verification.stripeBody')}</p>
      <div aria-live="assertive">
        {error ? (
          <p role="alert" className="font-medium text-red-800">
            {error}
          </p>
        ) : null}
      </div>
      <p role="status" className={busy ? 'text-slate-700' : 'sr-only'}>
        {busy ? t('booking.payment.verification.busy') : ''}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {showButton ? (
          <Button onClick={onComplete} disabled={busy} aria-busy={busy || undefined}>
            {mode === 'test' ? t('booking.payment.verification.completeTest') : t('booking.payment.verification.retry')}
          </Button>
        ) : null}
        <Button variant="outline" onClick={onUseDifferentCard} disabled={busy}>
          {t('booking.payment.useDifferentCard')}
        </Button>
      </div>
    </section>
  );
}
