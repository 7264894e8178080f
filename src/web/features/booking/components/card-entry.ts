/**
 * The seam for card entry on the Payment step. A card entry component tokenizes a card with the
 * active gateway and hands back only the reference (id, brand, last4). Test mode uses
 * TestModeCardForm; Stripe uses StripeCardForm (the Payment Element).
 */
import type { PublicSettings } from '@/web/lib/public-settings';
import type { SavedCard } from '../hooks/use-booking-draft';

export interface CardEntryProps {
  /** The label of the form's submit button ("Continue"). */
  submitLabel: string;
  /** The amount that will be held, in cents (Stripe shows it in wallets and picks methods by it). */
  amountCents: number;
  /** The gateway settings (Stripe's publishable key). */
  payments: PublicSettings['payments'];
  onSaved: (card: SavedCard) => void;
  onBack: () => void;
}
