/**
 * Step 7, Review: everything chosen, each part with a way back to change it, the price, the hold,
 * the card and the cancellation policy in one sentence; then "Confirm & Book" (busy:
 * "Processing...", and it cannot fire twice).
 */
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingOptions } from '@/domain/booking-options';
import { normalizeUsPhone } from '@/domain/phone';
import type { PriceQuote } from '@/domain/pricing';
import { Button } from '@/web/components/ui/button';
import { formatTampaDateTime } from '@/web/lib/format';
import { formatPhoneForDisplay } from '@/web/lib/public-settings';
import type { BookingDraft } from '../hooks/use-booking-draft';
import { cardBrandName, formatAddress, formatPrice } from '../utils/format';
import type { DraftStep } from '../utils/steps';
import { OptionsSummary } from './options-summary';
import { PriceSummary } from './price-summary';
import { StepActions } from './step-layout';

export interface ReviewStepProps {
  draft: BookingDraft;
  options: BookingOptions;
  quote: PriceQuote;
  busy: boolean;
  onEdit: (step: DraftStep) => void;
  onConfirm: () => void;
  onBack: () => void;
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

export function ReviewStep({ draft, options, quote, busy, onEdit, onConfirm, onBack }: ReviewStepProps) {
  const { t, i18n } = useTranslation();
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
          <p>{t('booking.payment.hold', { amount: formatPrice(quote.totalCents, i18n.language) })}</p>
        </div>
      </ReviewSection>
      <PriceSummary quote={quote} className="shadow-none" />
      <p className="text-sm text-slate-700">{t('booking.review.cancellation')}</p>
      <StepActions onBack={onBack} submitLabel={t('booking.actions.confirm')} busy={busy} busyLabel={t('booking.actions.processing')} />
    </form>
  );
}
