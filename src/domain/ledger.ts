/**
 * Ledger arithmetic (issue #3): a booking's paid total is what was captured (including a
 * cancellation fee) plus extra off-session charges plus a tip (issue #14: money the customer
 * paid, so their totals include it) minus refunds. Authorizations (hold placed, expired, voided)
 * move no money. Refunds never take from a tip (splitRefund below works on the capture and the
 * extra charge only). Cents.
 */

/** The payment ledger's entry kinds (the database's `ledger_kind` enum). */
export const LEDGER_KINDS = ['hold_placed', 'hold_expired', 'captured', 'fee_captured', 'extra_charge', 'voided', 'refunded', 'tip'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  kind: LedgerKind;
  amountCents: number;
}

export interface MoneySummary {
  heldCents: number;
  capturedCents: number;
  extraChargedCents: number;
  refundedCents: number;
  /**
   * captured + extra charged - refunded: what the job itself cost the customer, and the most a
   * refund can return. Tips are kept apart (`tippedCents`): they are the worker's, never refunded.
   */
  paidCents: number;
  /** Tips charged on the saved card (issue #14), cents; 100% the worker's. */
  tippedCents: number;
}

export function summarizeLedger(entries: readonly LedgerEntry[]): MoneySummary {
  const sum = (...kinds: LedgerKind[]) => entries.filter((e) => kinds.includes(e.kind)).reduce((total, e) => total + e.amountCents, 0);
  const capturedCents = sum('captured', 'fee_captured');
  const extraChargedCents = sum('extra_charge');
  const refundedCents = sum('refunded');
  return { heldCents: sum('hold_placed'), capturedCents, extraChargedCents, refundedCents, paidCents: capturedCents + extraChargedCents - refundedCents, tippedCents: sum('tip') };
}

/** A refund asks for more than was taken and not yet returned (or reserved by a refund in flight). */
export class RefundTooLargeError extends Error {
  constructor(readonly availableCents: number) {
    super(`at most ${availableCents} cents can be refunded`);
    this.name = 'RefundTooLargeError';
  }
}

/** How a refund is taken from the booking's two charges: the hold's capture and the extra charge. */
export interface RefundSplit {
  fromCaptureCents: number;
  fromExtraChargeCents: number;
}

/**
 * Splits a refund across the money a booking took (issue #9). Refunds drain the hold's capture
 * first, then the off-session extra charge, so what each charge still has follows from the total
 * refunded so far. Refunds in flight (recorded intents not yet settled) count as refunded, so
 * concurrent refunds can never add up to more than was taken.
 * @param money the ledger summary (captured includes a captured fee)
 * @param inFlightCents refunds started but not yet settled, cents
 * @param amountCents the refund asked for, a positive integer of cents
 * @throws RefundTooLargeError when amountCents > captured + extra charged - refunded - in flight
 * @throws RangeError when amountCents is not a positive integer
 */
export function splitRefund(money: Pick<MoneySummary, 'capturedCents' | 'extraChargedCents' | 'refundedCents'>, inFlightCents: number, amountCents: number): RefundSplit {
  if (!Number.isInteger(amountCents) || amountCents <= 0) throw new RangeError('amountCents must be a positive integer');
  const returned = money.refundedCents + inFlightCents;
  const captureLeft = Math.max(0, money.capturedCents - returned);
  const extraLeft = Math.max(0, money.extraChargedCents - Math.max(0, returned - money.capturedCents));
  if (amountCents > captureLeft + extraLeft) throw new RefundTooLargeError(captureLeft + extraLeft);
  const fromCaptureCents = Math.min(amountCents, captureLeft);
  return { fromCaptureCents, fromExtraChargeCents: amountCents - fromCaptureCents };
}
