/**
 * The seam for card entry on the Payment step. A card entry component tokenizes a card with the
 * active gateway and hands back only the reference (id, brand, last4). Test mode uses
 * TestModeCardForm; a Stripe Elements form will implement the same props.
 */
import type { SavedCard } from '../hooks/use-booking-draft';

export interface CardEntryProps {
  /** The label of the form's submit button ("Continue"). */
  submitLabel: string;
  onSaved: (card: SavedCard) => void;
  onBack: () => void;
}
