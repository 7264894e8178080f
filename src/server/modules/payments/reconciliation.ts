/**
 * Reconciliation (issue #3): compares our payment records with the gateway's for payments
 * created since a time and records every difference in `reconciliation_findings`; a hold the
 * gateway has but we have no booking for (an orphan, e.g. after a crash between the gateway call
 * and our transaction) is voided once it is older than a few minutes (so a booking still being
 * written is not touched). Runs with the payment jobs; safe to run repeatedly.
 */
import { and, eq, inArray, or } from 'drizzle-orm';
import { paymentLedger, payments, reconciliationFindings, tips } from '../../db/schema';
import type { AppDeps } from '../../lib/app-env';
import type { GatewayPayment } from '../../payments/gateway';
import { recordServerError } from '../errors/server-errors';

const ORPHAN_AGE_MINUTES = 10;

export interface ReconciliationReport {
  checked: number;
  mismatches: number;
  orphansVoided: number;
}

type Deps = Pick<AppDeps, 'db' | 'gateway' | 'logger' | 'now'>;

export async function reconcilePayments(deps: Deps, since: Date): Promise<ReconciliationReport> {
  const report: ReconciliationReport = { checked: 0, mismatches: 0, orphansVoided: 0 };
  const theirs = await deps.gateway.listPaymentsSince(since);
  if (theirs.length === 0) return report;
  const references = theirs.map((p) => p.reference);
  const ours = await deps.db.select().from(payments).where(or(inArray(payments.gatewayReference, references), inArray(payments.extraChargeReference, references)));
  const refunds = ours.length
    ? await deps.db.select().from(paymentLedger).where(and(inArray(paymentLedger.bookingId, ours.map((p) => p.bookingId)), eq(paymentLedger.kind, 'refunded')))
    : [];

  // Tips (issue #14) are their own charges, recorded in `tips`: matched there, never taken for orphans.
  const tipRows = await deps.db.select().from(tips).where(inArray(tips.gatewayReference, references));

  for (const payment of theirs) {
    report.checked++;
    const record = ours.find((p) => p.gatewayReference === payment.reference || p.extraChargeReference === payment.reference);
    const tip = record ? undefined : tipRows.find((t) => t.gatewayReference === payment.reference);
    if (tip) {
      const ourTip = tip.status === 'succeeded' ? tip.amountCents : 0;
      if (ourTip !== payment.capturedCents - payment.refundedCents) {
        await addFinding(deps, { gatewayReference: payment.reference, bookingId: tip.bookingId, kind: 'amount_mismatch', oursCents: ourTip, gatewayCents: payment.capturedCents - payment.refundedCents, detail: { field: 'tip' } }, report);
      }
      continue;
    }
    if (!record) {
      await handleOrphan(deps, payment, report);
      continue;
    }
    const isExtra = record.extraChargeReference === payment.reference;
    const ourCaptured = isExtra ? record.amountExtraChargedCents : record.amountCapturedCents;
    if (ourCaptured !== payment.capturedCents) {
      await addFinding(deps, { gatewayReference: payment.reference, bookingId: record.bookingId, kind: 'amount_mismatch', oursCents: ourCaptured, gatewayCents: payment.capturedCents, detail: { field: 'captured' } }, report);
    }
    const ourStatusOpen = !isExtra && record.status === 'authorized';
    const theirStatusClosed = payment.status === 'canceled' || payment.status === 'expired' || payment.status === 'succeeded';
    if (ourStatusOpen && theirStatusClosed) {
      await addFinding(deps, { gatewayReference: payment.reference, bookingId: record.bookingId, kind: 'status_mismatch', detail: { ours: record.status, gateway: payment.status } }, report);
    }
  }
  // Refunds are compared per booking: what the gateway refunded on all its charges vs our ledger.
  for (const record of ours) {
    const gatewayRefunded = theirs.filter((p) => p.reference === record.gatewayReference || p.reference === record.extraChargeReference).reduce((sum, p) => sum + p.refundedCents, 0);
    const ourRefunded = refunds.filter((r) => r.bookingId === record.bookingId).reduce((sum, r) => sum + r.amountCents, 0);
    if (gatewayRefunded !== ourRefunded) {
      await addFinding(deps, { gatewayReference: record.gatewayReference ?? 'unknown', bookingId: record.bookingId, kind: 'amount_mismatch', oursCents: ourRefunded, gatewayCents: gatewayRefunded, detail: { field: 'refunded' } }, report);
    }
  }
  return report;
}

async function handleOrphan(deps: Deps, payment: GatewayPayment, report: ReconciliationReport) {
  const oldEnough = deps.now().getTime() - payment.createdAt.getTime() >= ORPHAN_AGE_MINUTES * 60_000;
  if (payment.status !== 'requires_capture' || !oldEnough) return;
  await deps.gateway.voidHold({ reference: payment.reference, idempotencyKey: `orphan-void:${payment.reference}`, reason: 'abandoned' });
  await deps.db.insert(reconciliationFindings).values({ gatewayReference: payment.reference, kind: 'orphan_hold_voided', gatewayCents: payment.amountCents, detail: payment.metadata, resolved: true });
  deps.logger.warn({ reference: payment.reference, amountCents: payment.amountCents }, 'reconciliation: voided an orphan hold');
  report.orphansVoided++;
}

async function addFinding(deps: Deps, finding: typeof reconciliationFindings.$inferInsert, report: ReconciliationReport) {
  const [existing] = await deps.db
    .select({ id: reconciliationFindings.id })
    .from(reconciliationFindings)
    .where(and(eq(reconciliationFindings.gatewayReference, finding.gatewayReference), eq(reconciliationFindings.kind, finding.kind), eq(reconciliationFindings.resolved, false)));
  report.mismatches++;
  if (existing) return;
  await deps.db.insert(reconciliationFindings).values(finding);
  deps.logger.error({ finding }, 'reconciliation: our records differ from the gateway');
  // on the error dashboard too, as critical: money that does not reconcile needs a person
  const mismatch = new Error(`reconciliation: ${finding.kind} for ${finding.gatewayReference}`);
  mismatch.name = 'ReconciliationMismatch';
  await recordServerError(deps, { error: mismatch, severity: 'critical', context: { job: 'reconciliation', ...finding } });
}
