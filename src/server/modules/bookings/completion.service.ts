/**
 * Completing a job and capturing its final amount (issues #3, #4, #9). The final price comes
 * from the domain (furniture's actual hours, paint at cost, plus tax, at the prices the booking
 * was made at), within the business ceilings of src/domain/money-limits.ts. Up to the hold is
 * captured; anything above it is charged off-session to the saved card as a second receipt line;
 * an expired hold hands its amount to that charge. It runs as one money operation
 * (src/server/modules/payments/money-operations.ts): the state and amounts are checked under the
 * booking's lock before any money moves.
 *
 * A final amount above the booked total by more than the approval limit is not charged: it is
 * recorded as awaiting approval (`final_approval_status = 'pending'`), the customer is told the
 * amount and why, and an admin approves it (approveFinalAmount), which charges it and completes
 * the job, or completes the job again with other actuals.
 */
import { canComplete, isActiveStatus } from '../../../domain/booking-status';
import { DEFAULT_JOB_RULES } from '../../../domain/job-rules';
import { unusualTiming, workerMoveTiming, type TimingFlag, type TimingRules } from '../../../domain/job-timing';
import { finalQuote, InvalidActualsError, type JobActuals } from '../../../domain/final-price';
import { needsFinalApproval, type MoneyLimits } from '../../../domain/money-limits';
import type { MoneySummary } from '../../../domain/ledger';
import type { PriceQuote, UnitPrices } from '../../../domain/pricing';
import type { Transaction } from '../../db/client';
import { bookings } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { operationActor, registerSettle, runMoneyOperation } from '../payments/money-operations';
import { recordOutcomes, type PaymentRow } from '../payments/payment-records';
import type { Actor } from '../../lib/request-context';
import { eq } from 'drizzle-orm';
import { moveBooking, noteBookingEvent, outsideJobWindow, stateConflict, type BookingRow } from './booking-transitions';
import { collectionSteps } from './cancellation.service';
import type { MoneyContext } from '../../lib/request-context';

/** `jobRules`: when a worker may complete (src/domain/job-timing.ts); the defaults when not given. */
export type CompletionContext = MoneyContext & { unitPrices: UnitPrices; limits: MoneyLimits; jobRules?: TimingRules };

/** `completed`, or `approval_requested` when the final amount waits for an admin. */
export type CompletionResult = 'completed' | 'approval_requested';

interface CompletePayload {
  final: PriceQuote;
  at: string;
  approved: boolean;
  /** What was unusual about the completion's timing when it was planned (recorded when it settles). */
  timingFlags?: TimingFlag[];
}

/**
 * The final quote for these actuals, at the unit price the booking was made at.
 * @throws AppError 400 validation_failed with the field's message (and its ceiling)
 */
function quoteFinal(booking: BookingRow, actuals: JobActuals, ctx: Pick<CompletionContext, 'unitPrices' | 'limits'>): PriceQuote {
  try {
    const bookedUnitPrice = booking.lineItems[0]!.unitPriceCents;
    return finalQuote(booking.options, actuals, { ...ctx.unitPrices, [booking.options.service]: bookedUnitPrice }, booking.taxRateBps, ctx.limits);
  } catch (error) {
    if (!(error instanceof InvalidActualsError)) throw error;
    if (error.ceiling !== null) {
      const key = error.field === 'actualHours' ? 'paymentErrors.actualHoursTooMany' : 'paymentErrors.paintCostTooHigh';
      const max = error.field === 'actualHours' ? { params: { max: error.ceiling } } : { moneyParams: { max: error.ceiling } };
      throw badRequest('validation_failed', 'errors.validationFailed', { details: { [error.field]: key }, ...max });
    }
    const key = error.field === 'actualHours' ? 'paymentErrors.actualHoursInvalid' : 'paymentErrors.paintCostInvalid';
    throw badRequest('validation_failed', 'errors.validationFailed', { details: { [error.field]: key } });
  }
}

const finalSteps = (booking: BookingRow, payment: PaymentRow | null, money: MoneySummary, totalCents: number) => collectionSteps(booking, payment, money, totalCents, 'final_amount_above_hold');

/** Records a final amount that waits for an admin, and tells the customer (the event drives the mail and the live update). */
async function requestApproval(tx: Transaction, booking: BookingRow, final: PriceQuote, actor: Actor, now: Date) {
  await tx
    .update(bookings)
    .set({
      finalLineItems: final.lineItems,
      finalSubtotalCents: final.subtotalCents,
      finalTaxCents: final.taxCents,
      finalTotalCents: final.totalCents,
      finalApprovalStatus: 'pending',
      finalApprovalRequestedAt: now,
    })
    .where(eq(bookings.id, booking.id));
  await noteBookingEvent(tx, booking.id, actor, { type: 'final_approval_requested', amountCents: final.totalCents, data: { bookedTotalCents: booking.totalCents, finalTotalCents: final.totalCents } });
}

/**
 * @param actor an admin completing on the worker's behalf, or the assigned worker (issue #4)
 * @param options.requestKey the caller's Idempotency-Key, scoped
 * @throws AppError 400 (bad actuals, above a ceiling), 409 not_completable | booking_busy |
 *   final_approval_pending (details.status), 402/422/503 from the gateway
 */
export async function completeBooking(ctx: CompletionContext, bookingId: string, actuals: JobActuals, actor: Actor & { role: 'admin' | 'worker' }, options: { requestKey?: string | null } = {}): Promise<CompletionResult> {
  let result: CompletionResult = 'completed';
  await runMoneyOperation(ctx, {
    bookingId,
    actor,
    requestKey: options.requestKey,
    plan: async (tx, { booking, payment, money }) => {
      if (booking.status === 'completed') return null;
      if (!canComplete(booking.status, actor.role)) throw stateConflict('not_completable', 'paymentErrors.notCompletable', booking.status);
      if (booking.finalApprovalStatus === 'pending' && actor.role !== 'admin') throw stateConflict('final_approval_pending', 'paymentErrors.finalApprovalPending', booking.status);
      // The worker completes only `minJobMinutes` after the start (issue #14); an admin may, and it is flagged.
      const rules = ctx.jobRules ?? DEFAULT_JOB_RULES;
      const times = { scheduledStart: booking.scheduledStart, startedAt: booking.startedAt, now: ctx.now };
      const verdict = workerMoveTiming('complete', times, rules);
      if (actor.role === 'worker' && !verdict.allowed) throw outsideJobWindow('complete', verdict);
      const timingFlags = unusualTiming('complete', times, rules, actor.role === 'admin');
      const final = quoteFinal(booking, actuals, ctx);
      if (needsFinalApproval(final.totalCents, booking.totalCents, ctx.limits)) {
        await requestApproval(tx, booking, final, actor, ctx.now);
        result = 'approval_requested';
        return null;
      }
      const payload: CompletePayload = { final, at: ctx.now.toISOString(), approved: false, timingFlags };
      return { purpose: 'complete', steps: finalSteps(booking, payment, money, final.totalCents), payload: { ...payload } };
    },
  });
  return result;
}

/**
 * An admin approves a final amount that waits for approval: it is charged and the job completed.
 * @throws AppError 409 no_final_approval_pending | booking_busy, 402/422/503 from the gateway
 */
export async function approveFinalAmount(ctx: MoneyContext, bookingId: string, actor: Actor & { role: 'admin' }, options: { requestKey?: string | null } = {}): Promise<void> {
  await runMoneyOperation(ctx, {
    bookingId,
    actor,
    requestKey: options.requestKey,
    plan: (_tx, { booking, payment, money }) => {
      if (booking.status === 'completed' && booking.finalApprovalStatus === 'approved') return null;
      if (booking.finalApprovalStatus !== 'pending' || !isActiveStatus(booking.status) || booking.finalTotalCents === null) {
        throw stateConflict('no_final_approval_pending', 'paymentErrors.noFinalApprovalPending', booking.status);
      }
      const final: PriceQuote = {
        lineItems: booking.finalLineItems ?? [],
        subtotalCents: booking.finalSubtotalCents ?? 0,
        taxRateBps: booking.taxRateBps,
        taxCents: booking.finalTaxCents ?? 0,
        totalCents: booking.finalTotalCents,
      };
      const payload: CompletePayload = { final, at: ctx.now.toISOString(), approved: true };
      return { purpose: 'approve_final', steps: finalSteps(booking, payment, money, final.totalCents), payload: { ...payload } };
    },
  });
}

async function settleCompletion(tx: Transaction, { booking, payment, operation, outcomes, error }: Parameters<Parameters<typeof registerSettle>[1]>[1]) {
  const payload = operation.payload as unknown as CompletePayload;
  const actor = operationActor(operation);
  if (payment) await recordOutcomes(tx, payment, outcomes, actor, { reason: 'final amount', chargeReason: 'final amount above the hold' });
  if (error) return;
  const { final } = payload;
  const changes = {
    finalLineItems: final.lineItems,
    finalSubtotalCents: final.subtotalCents,
    finalTaxCents: final.taxCents,
    finalTotalCents: final.totalCents,
    completedAt: new Date(payload.at),
    // Completed at an amount within the limit, any earlier request for approval is void.
    finalApprovalStatus: payload.approved ? 'approved' : null,
  };
  let current = booking;
  if (current.status !== 'in_progress' && isActiveStatus(current.status)) {
    // An admin completing on the worker's behalf: record the job as started first.
    await noteBookingEvent(tx, current.id, actor, { type: 'completed_on_behalf', data: { previousStatus: current.status } });
    await tx.update(bookings).set({ status: 'in_progress' }).where(eq(bookings.id, current.id));
    current = { ...current, status: 'in_progress' };
  }
  const moved = await moveBooking(tx, current, 'completed', actor, { type: 'completed', amountCents: final.totalCents }, changes);
  if (moved && payload.timingFlags?.length) {
    await noteBookingEvent(tx, booking.id, actor, { type: 'unusual_timing', data: { move: 'complete', flags: payload.timingFlags, scheduledStart: booking.scheduledStart.toISOString(), startedAt: booking.startedAt?.toISOString() ?? null } });
  }
  if (!moved) await noteBookingEvent(tx, booking.id, actor, { type: 'settle_conflict', data: { operation: 'complete', status: booking.status } });
}

registerSettle('complete', settleCompletion);
registerSettle('approve_final', settleCompletion);
