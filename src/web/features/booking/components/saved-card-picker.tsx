/**
 * The Payment step's choice among the customer's cards saved at the gateway (Settings > Payment
 * Methods), default first and checked, plus "Use a new card", which shows the card entry.
 * Continuing with a saved card uses its reference; no card details are typed again.
 */
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cardBrandName } from '@/web/lib/format';
import type { SavedCard } from '@/web/lib/saved-cards';
import { StepActions } from './step-layout';

export interface SavedCardPickerProps {
  cards: SavedCard[];
  onUse: (card: SavedCard) => void;
  onBack: () => void;
  /** The card entry, shown when "Use a new card" is chosen. */
  newCardEntry: ReactNode;
}

export function SavedCardPicker({ cards, onUse, onBack, newCardEntry }: SavedCardPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const [selected, setSelected] = useState<string>(() => (cards.find((card) => card.is_default) ?? cards[0]).id);
  const chosen = cards.find((card) => card.id === selected);
  const option = 'flex cursor-pointer items-center gap-3 rounded-md border border-slate-200 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50';

  return (
    <div className="space-y-5">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-base font-semibold text-slate-900">{t('booking.payment.savedCardsTitle')}</legend>
        {cards.map((card) => (
          <label key={card.id} className={option}>
            <input type="radio" name={name} className="size-4" checked={selected === card.id} onChange={() => setSelected(card.id)} />
            <span>
              {t('booking.payment.savedCardOption', {
                brand: cardBrandName(card.brand),
                last4: card.last4,
                month: String(card.exp_month).padStart(2, '0'),
                year: String(card.exp_year % 100).padStart(2, '0'),
              })}
              {card.is_default && <> <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t('booking.payment.defaultBadge')}</span></>}
            </span>
          </label>
        ))}
        <label className={option}>
          <input type="radio" name={name} className="size-4" checked={selected === NEW_CARD} onChange={() => setSelected(NEW_CARD)} />
          <span>{t('booking.payment.useNewCard')}</span>
        </label>
      </fieldset>
      {chosen ? <StepActions onBack={onBack} submitLabel={t('booking.actions.continue')} onSubmit={() => onUse(chosen)} /> : newCardEntry}
    </div>
  );
}

const NEW_CARD = 'new';
