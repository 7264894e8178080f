/**
 * Step 6, Payment: explains the card hold (charged only after the job; placed now, or about 24
 * hours before a job more than 5 days out, as paymentTimingNotice decides), then either shows the
 * card already chosen for this booking, the customer's saved cards (default checked, or a new
 * one), or the active gateway's card entry: Stripe's Payment Element when Stripe is configured,
 * the test-mode card form on the simulated gateway. Only the card reference is kept.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { cardBrandName } from '@/domain/format';
import { PaymentNotice } from '@/web/components/booking/payment-notice';
import { Button } from '@/web/components/ui/button';
import type { PublicSettings } from '@/web/lib/public-settings';
import type { SavedPaymentMethodView } from '@/domain/saved-details';
import type { SavedCard } from '../hooks/use-booking-draft';
import type { CardEntryProps } from './card-entry';
import { SavedCardPicker } from './saved-card-picker';
import { StepActions } from './step-layout';
import { StripeCardForm } from './stripe-card-form';
import { TestModeCardForm } from './test-mode-card-form';

/** The card entry for the configured gateway; null when this build has none for it. */
function cardEntryFor(payments: PublicSettings['payments']): ComponentType<CardEntryProps> | null {
  if (payments.gateway === 'stripe') return payments.publishableKey ? StripeCardForm : null;
  return payments.testMode ? TestModeCardForm : null;
}

export interface PaymentStepProps {
  settings: PublicSettings | undefined;
  settingsError: boolean;
  holdCents: number;
  /** The chosen start (ISO instant): a job more than 5 days out saves the card and holds later. */
  startAt: string | null;
  /** The moment to decide from; the current time unless given (tests). */
  now?: Date;
  savedCard: SavedCard | null;
  /** The signed-in customer's cards saved at the gateway, default first. */
  accountCards?: SavedPaymentMethodView[];
  onCardSaved: (card: SavedCard) => void;
  onForgetCard: () => void;
  onContinue: () => void;
  onBack: () => void;
}

export function PaymentStep({ settings, settingsError, holdCents, startAt, now, savedCard, accountCards = [], onCardSaved, onForgetCard, onContinue, onBack }: PaymentStepProps) {
  const { t } = useTranslation();
  const payments = settings?.payments;
  const CardEntry = payments ? cardEntryFor(payments) : null;

  return (
    <div className="space-y-5">
      <div className="space-y-2 rounded-md border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
        {settings?.payments.testMode && (
          <span className="inline-block rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-bold tracking-wide text-amber-900 uppercase">
            {t('booking.payment.testMode')}
          </span>
        )}
        {startAt ? <PaymentNotice className="font-medium" start={startAt} now={now ?? new Date()} totalCents={holdCents} /> : null}
        {settings?.payments.testMode && <TestCardsHint />}
      </div>

      {savedCard ? (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-slate-200 bg-white p-4">
            <p className="font-medium">{t('booking.payment.savedCard', { brand: cardBrandName(savedCard.brand), last4: savedCard.last4 })}</p>
            <Button variant="outline" size="sm" onClick={onForgetCard}>
              {t('booking.payment.useDifferentCard')}
            </Button>
          </div>
          <StepActions onBack={onBack} submitLabel={t('booking.actions.continue')} onSubmit={onContinue} />
        </div>
      ) : CardEntry && payments ? (
        accountCards.length > 0 ? (
          <SavedCardPicker
            cards={accountCards}
            onUse={({ id, brand, last4 }) => onCardSaved({ id, brand, last4 })}
            onBack={onBack}
            newCardEntry={<CardEntry submitLabel={t('booking.actions.continue')} amountCents={holdCents} payments={payments} onSaved={onCardSaved} onBack={onBack} />}
          />
        ) : (
          <CardEntry submitLabel={t('booking.actions.continue')} amountCents={holdCents} payments={payments} onSaved={onCardSaved} onBack={onBack} />
        )
      ) : (
        <div className="space-y-5">
          <p className="text-slate-700" role={settingsError ? 'alert' : 'status'}>
            {settings ? t('booking.payment.noCardEntry') : settingsError ? t('booking.payment.settingsFailed') : t('booking.payment.loading')}
          </p>
          <StepActions onBack={onBack} submitLabel={t('booking.actions.continue')} onSubmit={onContinue} />
        </div>
      )}
    </div>
  );
}

/** The test cards of the simulated gateway and of Stripe's test mode (docs/api.md). */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'approved' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0025 0000 3155', outcome: 'authentication' },
  { number: '4000 0000 0000 9995', outcome: 'insufficientFunds' },
] as const;

function TestCardsHint() {
  const { t } = useTranslation();
  return (
    <div className="space-y-1">
      <p>{t('booking.payment.testCards')}</p>
      <ul className="space-y-0.5">
        {TEST_CARDS.map(({ number, outcome }) => (
          <li key={number}>
            <span className="font-mono whitespace-nowrap">{number}</span> – {t(`booking.payment.testCardOutcome.${outcome}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
