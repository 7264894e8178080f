/**
 * Ledger arithmetic (issue #3): a booking's paid total is what was captured (including a
 * cancellation fee) plus extra off-session charges minus refunds. Authorizations (hold placed,
 * expired, voided) move no money. Cents.
 */

export type LedgerKind = 'hold_placed' | 'hold_expired' | 'captured' | 'fee_captured' | 'extra_charge' | 'voided' | 'refunded';

export interface LedgerEntry {
  kind: LedgerKind;
  amountCents: number;
}

export interface MoneySummary {
  heldCents: number;
  capturedCents: number;
  extraChargedCents: number;
  refundedCents: number;
  /** captured + extra charged - refunded. */
  paidCents: number;
}

export function summarizeLedger(entries: readonly LedgerEntry[]): MoneySummary {
  const sum = (...kinds: LedgerKind[]) => entries.filter((e) => kinds.includes(e.kind)).reduce((total, e) => total + e.amountCents, 0);
  const capturedCents = sum('captured', 'fee_captured');
  const extraChargedCents = sum('extra_charge');
  const refundedCents = sum('refunded');
  return { heldCents: sum('hold_placed'), capturedCents, extraChargedCents, refundedCents, paidCents: capturedCents + extraChargedCents - refundedCents };
}
