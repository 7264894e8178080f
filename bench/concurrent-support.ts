/**
 * Helpers of the concurrent payment life-cycle benchmark (bench/payment-lifecycles-concurrent.ts):
 * a seeded random source, an API caller that tallies every answer per action and keeps the 5xx
 * and the same-key retry groups, a pool of concurrent clients, a capture of the server's error
 * and warning log lines, and the checks run on the database and the gateway afterwards.
 */
import { eq, inArray } from 'drizzle-orm';
import { summarizeLedger } from '../src/domain/ledger';
import { bookingEvents, bookings, paymentLedger, payments } from '../src/server/db/schema';
import { moneyActors } from '../src/server/test/money-actors';
import type { TestApp } from '../src/server/test/test-app';

/** The LCG of bench/payment-lifecycles.ts, as an object so plans can be drawn up front. */
export function seededRandom(seed: number) {
  let state = seed;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return { random, int, pick, shuffle, chance: (p: number) => random() < p };
}
export type Rng = ReturnType<typeof seededRandom>;

export interface Answer {
  status: number;
  text: string;
  body: any;
  replayed: boolean;
}

/** A request sent several times at once with one Idempotency-Key: every answer must be the same. */
export interface RetryGroup {
  kind: 'booking' | 'refund' | 'approve-final';
  label: string;
  answers: Answer[];
  /** For bookings: the customer and key, to count the rows the key created. */
  customerId?: string;
  key?: string;
}

/** Actions whose 409 means "this move is no longer allowed" and must name the current state. */
const STATE_MOVES = new Set(['complete', 'no-show', 'customer cancel', 'admin cancel', 'approve-final', 'worker complete', 'accept', 'on-my-way', 'start']);

/** Sends requests through the in-process app and keeps the tally. */
export class ApiRecorder {
  requests = 0;
  /** Answers per action, status and error code ('' for a success). */
  readonly tally = new Map<string, Map<number, Map<string, number>>>();
  readonly serverErrors: string[] = [];
  readonly conflictsWithoutState: string[] = [];
  readonly retryGroups: RetryGroup[] = [];

  constructor(private readonly t: TestApp) {}

  async call(action: string, path: string, init: { cookie: string; method?: 'GET' | 'POST'; json?: unknown; key?: string }): Promise<Answer> {
    this.requests++;
    const method = init.method ?? 'POST';
    let answer: Answer;
    try {
      const response = await this.t.request(path, { method, cookie: init.cookie, json: method === 'GET' ? undefined : (init.json ?? {}), headers: init.key ? { 'Idempotency-Key': init.key } : {} });
      const text = await response.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      answer = { status: response.status, text, body, replayed: response.headers.get('Idempotent-Replayed') === 'true' };
    } catch (error) {
      answer = { status: 599, text: error instanceof Error ? (error.stack ?? error.message) : String(error), body: null, replayed: false };
    }
    const byStatus = this.tally.get(action) ?? new Map<number, Map<string, number>>();
    const byCode = byStatus.get(answer.status) ?? new Map<string, number>();
    const code = answer.status >= 300 ? String(answer.body?.code ?? '?') : '';
    byCode.set(code, (byCode.get(code) ?? 0) + 1);
    byStatus.set(answer.status, byCode);
    this.tally.set(action, byStatus);
    if (answer.status >= 500) this.serverErrors.push(`${action}: ${method} ${path}${init.key ? ` [key ${init.key}]` : ''} -> ${answer.status} ${answer.text.slice(0, 400)}`);
    if (answer.status === 409 && STATE_MOVES.has(action) && !answer.body?.details?.status) {
      this.conflictsWithoutState.push(`${action}: ${path} -> 409 ${answer.body?.code ?? answer.text.slice(0, 100)}`);
    }
    return answer;
  }

  /**
   * Sends the same request `copies` times at once (the caller gives them one key) and keeps the
   * group for the check when there is more than one; a later retry may add its answer to it.
   */
  async retried(group: Omit<RetryGroup, 'answers'>, copies: number, send: () => Promise<Answer>): Promise<RetryGroup> {
    const answers = await Promise.all(Array.from({ length: copies }, () => send()));
    const sent: RetryGroup = { ...group, answers };
    if (copies > 1) this.retryGroups.push(sent);
    return sent;
  }

  /** Sends one more retry of a group's request later on; its answer must be the same too. */
  async retryLater(group: RetryGroup, send: () => Promise<Answer>): Promise<void> {
    const answer = await send();
    if (!this.retryGroups.includes(group)) this.retryGroups.push(group);
    group.answers.push(answer);
  }

  /** One line per action: `409=84 (not_cancellable 60, booking_busy 24)`. */
  tallyLines(): string[] {
    const total = (byCode: Map<string, number>) => [...byCode.values()].reduce((a, b) => a + b, 0);
    const codes = (byCode: Map<string, number>) => (byCode.has('') ? '' : ` (${[...byCode.entries()].sort(([, a], [, b]) => b - a).map(([code, n]) => `${code} ${n}`).join(', ')})`);
    return [...this.tally.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([action, byStatus]) => `  ${action.padEnd(16)} ${[...byStatus.entries()].sort(([a], [b]) => a - b).map(([status, byCode]) => `${status}=${total(byCode)}${codes(byCode)}`).join(' ')}`);
  }
}

/** Runs the tasks with `clients` concurrent clients, each taking the next task when done. */
export async function runPool(tasks: ReadonlyArray<() => Promise<void>>, clients: number, onError: (error: unknown, index: number) => void): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < tasks.length) {
      const index = next++;
      try {
        await tasks[index]!();
      } catch (error) {
        onError(error, index);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(clients, tasks.length)) }, client));
}

/**
 * Keeps the server's error and warning log lines (the test app's logger is silent): messages
 * with a count each, and the first few details.
 */
export function captureServerLog(t: TestApp) {
  const lines = new Map<string, { count: number; sample: string }>();
  const describe = (value: unknown): string => {
    if (value instanceof Error) return value.stack?.split('\n').slice(0, 3).join(' | ') ?? value.message;
    if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k}=${v instanceof Error ? describe(v) : JSON.stringify(v)}`).join(' ');
    return String(value);
  };
  const logger = t.deps.logger as unknown as Record<'error' | 'warn', (...args: unknown[]) => void>;
  for (const level of ['error', 'warn'] as const) {
    logger[level] = (object: unknown, message?: unknown) => {
      const text = typeof object === 'string' ? object : String(message ?? '');
      const key = `${level} ${text}`;
      const seen = lines.get(key);
      if (seen) seen.count++;
      else lines.set(key, { count: 1, sample: typeof object === 'string' ? '' : describe(object).slice(0, 400) });
    };
  }
  return lines;
}

export interface CheckReport {
  bookings: number;
  statuses: Record<string, number>;
  ledgerGatewayMismatches: string[];
  finalStateProblems: string[];
  refundsAboveCapture: string[];
  refundsNotAsAnswered: string[];
}

/**
 * Per booking: ledger paid == gateway paid; at most one terminal event, matching the status;
 * money consistent with the final status; refunds never above what was taken; refunds recorded
 * equal to the refunds the API accepted.
 * @param acceptedRefunds cents refunded with a 200 answer, per booking (one per key)
 */
export async function checkBookings(t: TestApp, acceptedRefunds: ReadonlyMap<string, number>): Promise<CheckReport> {
  const db = t.deps.db;
  const money = moneyActors(t);
  const rows = await db.select().from(bookings);
  const report: CheckReport = { bookings: rows.length, statuses: {}, ledgerGatewayMismatches: [], finalStateProblems: [], refundsAboveCapture: [], refundsNotAsAnswered: [] };
  const terminalEvents = await db.select({ bookingId: bookingEvents.bookingId, type: bookingEvents.type, toStatus: bookingEvents.toStatus }).from(bookingEvents).where(inArray(bookingEvents.toStatus, ['completed', 'cancelled', 'no_show']));
  const settleConflicts = await db.select({ bookingId: bookingEvents.bookingId, data: bookingEvents.data }).from(bookingEvents).where(eq(bookingEvents.type, 'settle_conflict'));
  for (const c of settleConflicts) report.finalStateProblems.push(`booking ${c.bookingId}: settle_conflict event (${JSON.stringify(c.data)})`);

  for (const booking of rows) {
    const id = booking.id;
    report.statuses[booking.status] = (report.statuses[booking.status] ?? 0) + 1;
    const entries = await db.select().from(paymentLedger).where(eq(paymentLedger.bookingId, id));
    const ledger = summarizeLedger(entries);
    const gateway = await money.gateway(id);
    if (ledger.paidCents !== gateway.paidCents) report.ledgerGatewayMismatches.push(`booking ${id} (${booking.status}): ledger paid ${ledger.paidCents}, gateway paid ${gateway.paidCents}`);

    // Refunds: never above what was taken, in the ledger and at the gateway (per charge too).
    if (ledger.refundedCents > ledger.capturedCents + ledger.extraChargedCents) report.refundsAboveCapture.push(`booking ${id}: ledger refunded ${ledger.refundedCents} > taken ${ledger.capturedCents + ledger.extraChargedCents}`);
    if (gateway.refundedCents > gateway.capturedCents) report.refundsAboveCapture.push(`booking ${id}: gateway refunded ${gateway.refundedCents} > captured ${gateway.capturedCents}`);
    const [payment] = await db.select().from(payments).where(eq(payments.bookingId, id));
    for (const ref of [payment?.gatewayReference, payment?.extraChargeReference]) {
      if (!ref) continue;
      const p = await t.deps.gateway.getPayment(ref);
      if (p.refundedCents > p.capturedCents) report.refundsAboveCapture.push(`booking ${id}: gateway charge ${ref} refunded ${p.refundedCents} > captured ${p.capturedCents}`);
    }
    const accepted = acceptedRefunds.get(id) ?? 0;
    if (ledger.refundedCents !== accepted) report.refundsNotAsAnswered.push(`booking ${id}: ledger refunded ${ledger.refundedCents}, refunds answered 200 ${accepted}`);

    // One final state, and the money that goes with it.
    const terminal = terminalEvents.filter((e) => e.bookingId === id);
    const isFinal = ['completed', 'cancelled', 'no_show'].includes(booking.status);
    if (terminal.length > 1) report.finalStateProblems.push(`booking ${id} (${booking.status}): ${terminal.length} final events: ${terminal.map((e) => `${e.type}->${e.toStatus}`).join(', ')}`);
    else if (terminal.length === 1 && terminal[0]!.toStatus !== booking.status) report.finalStateProblems.push(`booking ${id}: status ${booking.status} but final event ${terminal[0]!.toStatus}`);
    else if (terminal.length === 0 && isFinal) report.finalStateProblems.push(`booking ${id}: status ${booking.status} without its event`);
    const sum = (kind: string) => entries.filter((e) => e.kind === kind).reduce((total, e) => total + e.amountCents, 0);
    const captured = sum('captured');
    const fee = sum('fee_captured');
    const extra = sum('extra_charge');
    const problem = (text: string) => report.finalStateProblems.push(`booking ${id} (${booking.status}): ${text} [captured ${captured}, fee ${fee}, extra ${extra}]`);
    switch (booking.status) {
      case 'completed':
        if (fee !== 0) problem('a cancellation fee on a completed job');
        if (captured + extra !== booking.finalTotalCents) problem(`charged ${captured + extra} for a final amount of ${booking.finalTotalCents}`);
        break;
      case 'cancelled':
        if (captured !== 0) problem('a final amount captured on a cancelled booking');
        if (fee + extra !== (booking.cancellationFeeCents ?? 0)) problem(`charged ${fee + extra} for a fee of ${booking.cancellationFeeCents}`);
        break;
      case 'no_show':
        if (captured !== 0) problem('a final amount captured on a no-show');
        if (fee + extra !== booking.totalCents) problem(`charged ${fee + extra} for a no-show of ${booking.totalCents}`);
        break;
      default:
        if (captured + fee + extra !== 0) problem('money taken from a booking that is not finished');
    }
    if (isFinal && gateway.holdStatus === 'requires_capture') problem('its hold is still live at the gateway');
  }
  return report;
}
