/**
 * Every money movement on a booking runs here, in three steps (issue #9; DESIGN.md "Money and
 * state rules"; docs/decisions/007-cancellation-policy-and-money.md):
 *
 * 1. **Plan, under the booking's row lock** (`SELECT ... FOR UPDATE`): the caller's `plan` checks
 *    the state machine and the amounts against the ledger (refunds in flight count as refunded)
 *    and returns the gateway calls to make. The intent is written — a `money_operations` row
 *    with every call's gateway idempotency key — and, except for refunds, marks the booking busy
 *    (`bookings.money_operation_id`), so no other change of its state or money can start. The
 *    transaction commits at once: no lock and no pooled connection is held while the gateway
 *    works (the simulated gateway writes through the same pool).
 * 2. **Execute**, outside any transaction: the calls in order, each with its own key.
 * 3. **Settle, under the row lock again**: the ledger rows, the payment row and the booking's new
 *    state, and the intent marked succeeded or failed. Only the pending intent settles, once.
 *
 * A definite refusal by the gateway (a decline) settles what did move and fails the rest. An
 * unknown outcome (timeout, crash, database error) leaves the intent pending: calling the
 * gateway again with the same keys replays its first answer, so `resumeOperation` finishes it —
 * run by the payment jobs for intents older than a minute, by the retry of the same API request
 * (same caller and Idempotency-Key), or by the next request that finds the booking busy for more
 * than STALE_OPERATION_MS.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import { summarizeLedger, type MoneySummary } from '../../../domain/ledger';
import type { Database, Transaction } from '../../db/client';
import { bookings, moneyOperations, paymentLedger } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import {
  AuthenticationRequiredError,
  CardDeclinedError,
  HoldExpiredError,
  InvalidPaymentOperationError,
  PaymentMethodNotFoundError,
  type PaymentGateway,
  type VoidReason,
} from '../../payments/gateway';
import { bookingBusy, lockBooking, type BookingRow } from '../bookings/booking-transitions';
import { gatewayFailure } from './gateway-errors';
import { findPaymentByBooking, type PaymentRow, type RecordedOutcome } from './payment-records';
import type { Actor } from '../../lib/request-context';

/** A pending intent older than this is taken to be abandoned (its process died) and is finished by whoever finds it. */
export const STALE_OPERATION_MS = 30_000;

export type OperationRow = typeof moneyOperations.$inferSelect;
export type Purpose = 'complete' | 'approve_final' | 'cancel' | 'no_show' | 'refund' | 'deferred_hold';

/** One gateway call of an intent, as planned (the engine adds its gateway key). Cents. */
export type StepPlan =
  | { kind: 'capture'; reference: string; amountCents: number }
  | { kind: 'void'; reference: string; reason: VoidReason }
  /** Off-session charge to the saved card; it also takes over the amount of a capture before it whose hold expired. */
  | { kind: 'charge'; customerId: string; paymentMethodId: string; amountCents: number; metadata: Record<string, string> }
  | { kind: 'refund'; reference: string; amountCents: number; reason: string }
  | { kind: 'hold'; customerId: string; customerEmail: string; paymentMethodId: string; amountCents: number; metadata: Record<string, string> };

export type Step = StepPlan & { gatewayKey: string };

/** What one call did (recorded by payment-records.ts recordOutcomes). */
export type StepOutcome = RecordedOutcome;

/** A definite refusal by the gateway that stopped the intent. */
export interface OperationError {
  code: 'card_declined' | 'authentication_required' | 'payment_method_not_found' | 'invalid_payment_operation';
  message: string;
}

export interface Plan {
  purpose: Purpose;
  steps: StepPlan[];
  /** What `settle` needs besides the outcomes (JSON). */
  payload: Record<string, unknown>;
}

/** What a plan sees under the lock. */
export interface PlanInput {
  booking: BookingRow;
  payment: PaymentRow | null;
  money: MoneySummary;
  /** Refunds planned but not settled yet, cents. */
  inFlightRefundCents: number;
}

/** Settles an intent inside the booking's lock: records money and moves the booking. */
export type Settle = (tx: Transaction, input: { booking: BookingRow; payment: PaymentRow | null; operation: OperationRow; outcomes: StepOutcome[]; error: OperationError | null }) => Promise<void>;

export interface MoneyDeps {
  db: Database;
  gateway: PaymentGateway;
  now: Date;
  logger?: Logger;
}

/** Who started an operation, as its ledger rows and booking events record it. */
export const operationActor = (operation: Pick<OperationRow, 'actorUserId' | 'actorRole'>): Actor => ({ userId: operation.actorUserId, role: operation.actorRole });

/** Settlers by purpose; registered by the services that own each purpose (cancellation, completion, refunds, payment jobs). */
const settlers = new Map<Purpose, Settle>();

export function registerSettle(purpose: Purpose, settle: Settle): void {
  settlers.set(purpose, settle);
}

async function planInput(tx: Transaction, booking: BookingRow): Promise<PlanInput> {
  // One connection: the reads run one after another.
  const payment = await findPaymentByBooking(tx, booking.id);
  const ledger = await tx.select({ kind: paymentLedger.kind, amountCents: paymentLedger.amountCents }).from(paymentLedger).where(eq(paymentLedger.bookingId, booking.id));
  const [inFlight] = await tx
    .select({ cents: sql<string>`coalesce(sum((${moneyOperations.payload}->>'amountCents')::bigint), 0)` })
    .from(moneyOperations)
    .where(and(eq(moneyOperations.bookingId, booking.id), eq(moneyOperations.purpose, 'refund'), eq(moneyOperations.status, 'pending')));
  return { booking, payment, money: summarizeLedger(ledger), inFlightRefundCents: Number(inFlight?.cents ?? 0) };
}

/**
 * Runs one money operation on a booking: plan under the lock, call the gateway, settle.
 * @param input.plan called under the booking's row lock; returns the plan, or null when there is
 *   nothing to do (e.g. the booking is already in the asked-for state); throws AppErrors for
 *   moves that are not allowed (before anything is written or sent)
 * @param input.requestKey the API request's caller and Idempotency-Key: its retry finds (and
 *   finishes) this same intent instead of planning a second one
 * @returns the intent's final row, or null when the plan found nothing to do
 * @throws AppError 409 booking_busy (another operation is in flight), what `plan` throws, the
 *   gateway's refusal (402 card_declined, 422 ...), 503 payment_pending (outcome unknown; it is
 *   finished later)
 */
export async function runMoneyOperation(
  deps: MoneyDeps,
  input: { bookingId: string; actor: Actor; requestKey?: string | null; plan: (tx: Transaction, seen: PlanInput) => Promise<Plan | null> | Plan | null },
): Promise<OperationRow | null> {
  if (input.requestKey) {
    const [earlier] = await deps.db.select().from(moneyOperations).where(eq(moneyOperations.requestKey, input.requestKey));
    if (earlier) return finish(deps, earlier);
  }
  for (let attempt = 0; ; attempt++) {
    type Planned = { kind: 'stale' | 'pending' | 'settled'; operation: OperationRow } | { kind: 'none' };
    const planned = await deps.db.transaction(async (tx): Promise<Planned> => {
      const booking = await lockBooking(tx, input.bookingId);
      if (booking.moneyOperationId) {
        const [busy] = await tx.select().from(moneyOperations).where(eq(moneyOperations.id, booking.moneyOperationId));
        if (busy?.status === 'pending') {
          if (attempt === 0 && deps.now.getTime() - busy.createdAt.getTime() >= STALE_OPERATION_MS) return { kind: 'stale', operation: busy };
          throw bookingBusy(booking.status);
        }
      }
      const seen = await planInput(tx, booking);
      const plan = await input.plan(tx, seen);
      if (!plan) return { kind: 'none' };
      // A refund in flight blocks everything but another refund (whose amount it reserves).
      if (plan.purpose !== 'refund' && seen.inFlightRefundCents > 0) throw bookingBusy(booking.status);
      const [operation] = await tx
        .insert(moneyOperations)
        .values({
          bookingId: booking.id,
          purpose: plan.purpose,
          status: 'pending',
          steps: [],
          payload: plan.payload,
          requestKey: input.requestKey ?? null,
          actorUserId: input.actor.userId,
          actorRole: input.actor.role,
          createdAt: deps.now,
        })
        .returning();
      const steps: Step[] = plan.steps.map((step, index) => ({ ...step, gatewayKey: `op:${operation!.id}:${index}:${step.kind}` }));
      const [withSteps] = await tx.update(moneyOperations).set({ steps }).where(eq(moneyOperations.id, operation!.id)).returning();
      if (plan.purpose !== 'refund') await tx.update(bookings).set({ moneyOperationId: operation!.id }).where(eq(bookings.id, booking.id));
      if (steps.length === 0) {
        await settleLocked(tx, deps, booking, withSteps!, [], null);
        const [settled] = await tx.select().from(moneyOperations).where(eq(moneyOperations.id, operation!.id));
        return { kind: 'settled', operation: settled! };
      }
      return { kind: 'pending', operation: withSteps! };
    });
    if (planned.kind === 'none') return null;
    if (planned.kind === 'stale') {
      const abandoned = planned.operation;
      await resumeOperation(deps, abandoned).catch((error: unknown) => deps.logger?.warn({ err: error, operationId: abandoned.id }, 'could not finish an abandoned money operation'));
      continue;
    }
    if (planned.kind === 'settled') return outcomeOf(planned.operation);
    return finish(deps, planned.operation);
  }
}

/** Executes and settles a pending intent (or reads a settled one), then answers as its first run would have. */
async function finish(deps: MoneyDeps, operation: OperationRow): Promise<OperationRow> {
  const final = operation.status === 'pending' ? await resumeOperation(deps, operation) : operation;
  return outcomeOf(final);
}

/** A settled intent as the API answers it: itself, or its refusal as an AppError. */
function outcomeOf(operation: OperationRow): OperationRow {
  if (operation.status === 'pending') throw new AppError(503, 'payment_pending', 'paymentErrors.paymentPending');
  if (operation.status === 'failed') {
    const error = (operation.outcomes ?? []).find((o): o is { kind: 'error' } & OperationError => (o as { kind?: string }).kind === 'error');
    throw gatewayFailure(toGatewayError(error ?? { code: 'invalid_payment_operation', message: operation.errorCode ?? 'failed' }));
  }
  return operation;
}

function toGatewayError(error: OperationError): Error {
  switch (error.code) {
    case 'card_declined':
      return new CardDeclinedError(error.message, 'card_declined');
    case 'authentication_required':
      return new CardDeclinedError(error.message, 'authentication_required');
    case 'payment_method_not_found':
      return new CardDeclinedError(error.message, 'payment_method_not_found');
    default:
      return new InvalidPaymentOperationError(error.message);
  }
}

/** The gateway's definite refusals; anything else is an unknown outcome. */
function definiteRefusal(error: unknown): OperationError | null {
  if (error instanceof CardDeclinedError) return { code: 'card_declined', message: error.bankMessage };
  if (error instanceof AuthenticationRequiredError) return { code: 'authentication_required', message: 'This payment requires authentication.' };
  if (error instanceof PaymentMethodNotFoundError) return { code: 'payment_method_not_found', message: error.message };
  if (error instanceof InvalidPaymentOperationError) return { code: 'invalid_payment_operation', message: error.message };
  return null;
}

/**
 * Calls the gateway for each step in order with the step's key (a second run replays the first
 * one's answers). A capture whose hold expired hands its amount to the charge step after it.
 * @returns the outcomes, and the refusal that stopped the run (null when all ran)
 * @throws the unknown failure (GatewayUnavailableError, ...) — the intent stays pending
 */
async function execute(gateway: PaymentGateway, steps: Step[]): Promise<{ outcomes: StepOutcome[]; error: OperationError | null }> {
  const outcomes: StepOutcome[] = [];
  let carriedCents = 0;
  for (const step of steps) {
    try {
      switch (step.kind) {
        case 'capture':
          try {
            const { capturedCents } = await gateway.capture({ reference: step.reference, amountCents: step.amountCents, idempotencyKey: step.gatewayKey });
            outcomes.push({ kind: 'capture', reference: step.reference, capturedCents });
          } catch (error) {
            if (!(error instanceof HoldExpiredError)) throw error;
            outcomes.push({ kind: 'expired', reference: step.reference });
            carriedCents += step.amountCents;
          }
          break;
        case 'void':
          await gateway.voidHold({ reference: step.reference, idempotencyKey: step.gatewayKey, reason: step.reason });
          outcomes.push({ kind: 'void', reference: step.reference });
          break;
        case 'charge': {
          const amountCents = step.amountCents + carriedCents;
          carriedCents = 0;
          if (amountCents <= 0) break;
          const charge = await gateway.chargeOffSession({ customerId: step.customerId, paymentMethodId: step.paymentMethodId, amountCents, idempotencyKey: step.gatewayKey, metadata: step.metadata });
          outcomes.push({ kind: 'charge', reference: charge.reference, amountCents: charge.amountCents });
          break;
        }
        case 'refund': {
          const refund = await gateway.refund({ reference: step.reference, amountCents: step.amountCents, idempotencyKey: step.gatewayKey, reason: step.reason });
          outcomes.push({ kind: 'refund', refundReference: refund.refundReference, amountCents: refund.amountCents });
          break;
        }
        case 'hold': {
          const hold = await gateway.placeHold({ ...step, idempotencyKey: step.gatewayKey, offSession: true });
          outcomes.push({ kind: 'hold', reference: hold.reference, amountCents: hold.amountCents, captureBefore: hold.captureBefore.toISOString(), paymentMethodId: hold.paymentMethodId });
          break;
        }
      }
    } catch (error) {
      const refusal = definiteRefusal(error);
      if (!refusal) throw error;
      return { outcomes, error: refusal };
    }
  }
  return { outcomes, error: null };
}

/**
 * Finishes a pending intent: calls the gateway with its recorded keys, then settles. Safe to run
 * more than once at a time (the gateway replays; only the first settle writes).
 * @returns the intent after settling (still pending when the gateway's answer is unknown)
 */
export async function resumeOperation(deps: MoneyDeps, operation: OperationRow): Promise<OperationRow> {
  let result: { outcomes: StepOutcome[]; error: OperationError | null };
  try {
    result = await execute(deps.gateway, operation.steps as Step[]);
  } catch (error) {
    deps.logger?.warn({ err: error, operationId: operation.id, bookingId: operation.bookingId }, 'money operation: gateway outcome unknown; it will be finished later');
    return operation;
  }
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, operation.bookingId);
    const [current] = await tx.select().from(moneyOperations).where(eq(moneyOperations.id, operation.id)).for('update');
    if (!current || current.status !== 'pending') return current ?? operation;
    await settleLocked(tx, deps, booking, current, result.outcomes, result.error);
    const [settled] = await tx.select().from(moneyOperations).where(eq(moneyOperations.id, operation.id));
    return settled!;
  });
}

async function settleLocked(tx: Transaction, deps: MoneyDeps, booking: BookingRow, operation: OperationRow, outcomes: StepOutcome[], error: OperationError | null) {
  const settle = settlers.get(operation.purpose as Purpose);
  if (!settle) throw new Error(`no settle registered for ${operation.purpose}`);
  const payment = await findPaymentByBooking(tx, booking.id);
  await settle(tx, { booking, payment, operation, outcomes, error });
  await tx
    .update(moneyOperations)
    .set({ status: error ? 'failed' : 'succeeded', outcomes: error ? [...outcomes, { kind: 'error', ...error }] : outcomes, errorCode: error?.code ?? null, settledAt: deps.now })
    .where(eq(moneyOperations.id, operation.id));
  await tx.update(bookings).set({ moneyOperationId: null }).where(and(eq(bookings.id, booking.id), eq(bookings.moneyOperationId, operation.id)));
}

/**
 * Finishes intents left pending for longer than `olderThanMs` (a crash or a gateway timeout
 * between the call and the record). Run by the payment jobs every minute.
 * @returns how many were settled
 */
export async function resumePendingOperations(deps: MoneyDeps, olderThanMs = 60_000): Promise<number> {
  const before = new Date(deps.now.getTime() - olderThanMs);
  const pending = await deps.db.select().from(moneyOperations).where(and(eq(moneyOperations.status, 'pending'), lt(moneyOperations.createdAt, before)));
  let settled = 0;
  for (const operation of pending) {
    const after = await resumeOperation(deps, operation).catch((error: unknown) => {
      deps.logger?.error({ err: error, operationId: operation.id }, 'money operation: could not settle');
      return operation;
    });
    if (after.status !== 'pending') settled++;
  }
  return settled;
}
