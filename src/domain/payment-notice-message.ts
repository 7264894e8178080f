/**
 * The words of a payment notice (src/domain/payment-timing.ts paymentTimingNotice): the locale key
 * under `paymentNotice.*` (src/web/locales/{en,es}/payment-notice.json) and its values, already
 * formatted for the language (money in USD, the hold's time in Tampa time). The web renders it
 * with i18next's `t`, the emails and the PDF receipt with the server's translator, so every
 * screen and message says the same thing.
 */
import { formatPrice, formatTampaDateTime } from './format';
import type { PaymentTimingNotice } from './payment-timing';

export interface PaymentNoticeMessage {
  key:
    | 'paymentNotice.holdNow'
    | 'paymentNotice.cardSaved'
    | 'paymentNotice.held'
    | 'paymentNotice.holdFailed'
    | 'paymentNotice.charged'
    | 'paymentNotice.chargedRefunded'
    | 'paymentNotice.refunded'
    | 'paymentNotice.released'
    | 'paymentNotice.expired';
  values: Record<string, string>;
}

/** The key and formatted values for `notice` in `language` ('en' | 'es'; anything else reads as English). */
export function paymentNoticeMessage(notice: PaymentTimingNotice, language: string): PaymentNoticeMessage {
  const money = (cents: number) => formatPrice(cents, language);
  switch (notice.kind) {
    case 'hold_now':
      return { key: 'paymentNotice.holdNow', values: { amount: money(notice.amountCents) } };
    case 'card_saved':
      return { key: 'paymentNotice.cardSaved', values: { amount: money(notice.amountCents), holdAt: formatTampaDateTime(notice.holdAt, language) } };
    case 'held':
      return { key: 'paymentNotice.held', values: { amount: money(notice.amountCents) } };
    case 'hold_failed':
      return { key: 'paymentNotice.holdFailed', values: { amount: money(notice.amountCents) } };
    case 'charged':
      return notice.refundedCents > 0
        ? { key: 'paymentNotice.chargedRefunded', values: { amount: money(notice.amountCents), refunded: money(notice.refundedCents) } }
        : { key: 'paymentNotice.charged', values: { amount: money(notice.amountCents) } };
    case 'refunded':
      return { key: 'paymentNotice.refunded', values: { amount: money(notice.amountCents) } };
    case 'released':
      return { key: 'paymentNotice.released', values: {} };
    case 'expired':
      return { key: 'paymentNotice.expired', values: {} };
  }
}
