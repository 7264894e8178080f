/**
 * The Payment step's choice among the customer's cards saved at the gateway (Settings > Payment
 * Methods), default first and checked, plus "Use a new card", which shows the card entry.
 * Continuing with a saved card uses its reference; no card details are typed again.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardBrandName } from '@/domain/format';
import type { SavedPaymentMethodView } from '@/domain/saved-details';
import { SavedChoice, SavedChoices } from './saved-choice';
import { StepActions } from './step-layout';

export interface SavedCardPickerProps {
  cards: SavedPaymentMethodView[];
  onUse: (card: SavedPaymentMethodView) => void;
  onBack: () => void;
  /** The card entry, shown when "Use a new card" is chosen. */
  newCardEntry: ReactNode;
}

export function SavedCardPicker({ cards, onUse, onBack, newCardEntry }: SavedCardPickerProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string>(() => (cards.find((card) => card.is_default) ?? cards[0]).id);
  const chosen = cards.find((card) => card.id === selected);
  return (
    <div className="space-y-5">
      <SavedChoices legend={t('booking.payment.savedCardsTitle')}>
        {(name) => (
          <>
            {cards.map((card) => (
              <SavedChoice key={card.id} name={name} checked={selected === card.id} onSelect={() => setSelected(card.id)} isDefault={card.is_default}>
                {t('booking.payment.savedCardOption', {
                  brand: cardBrandName(card.brand),
                  last4: card.last4,
                  month: String(card.exp_month).padStart(2, '0'),
                  year: String(card.exp_year % 100).padStart(2, '0'),
                })}
              </SavedChoice>
            ))}
            <SavedChoice name={name} checked={selected === NEW_CARD} onSelect={() => setSelected(NEW_CARD)}>
              {t('booking.payment.useNewCard')}
            </SavedChoice>
          </>
        )}
      </SavedChoices>
      {chosen ? <StepActions onBack={onBack} submitLabel={t('booking.actions.continue')} onSubmit={() => onUse(chosen)} /> : newCardEntry}
    </div>
  );
}

const NEW_CARD = 'new';
