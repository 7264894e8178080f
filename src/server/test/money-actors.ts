/**
 * Test helpers for money through the API (issue #9): a customer's test card, a booking, an
 * admin, and the two sides to compare — our ledger (src/domain/ledger.ts) and what the gateway
 * itself holds for a booking (captured - refunded over its hold and its extra charge).
 */
import { eq } from 'drizzle-orm';
import { summarizeLedger, type MoneySummary } from '../../domain/ledger';
import { paymentLedger, payments, userRoles } from '../db/schema';
import type { TestApp } from './test-app';

export const TEST_ADDRESS = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
export const TV_OPTIONS = { service: 'tv-installation', screenSize: '40_55', bracket: 'none', wallRiskAccepted: true, limitationsAcknowledged: true };
export const furnitureOptions = (estimatedHours: number) => ({ service: 'furniture-assembly', productName: 'Desk', estimatedHours });
export const paintingOptions = (rooms: number, paintSupplier: 'customer' | 'company' = 'company') => ({ service: 'painting', rooms, paintSupplier });

export interface Caller {
  cookie: string;
  userId: string;
}

/** What the gateway took for a booking and gave back, cents. */
export interface GatewaySide {
  capturedCents: number;
  refundedCents: number;
  paidCents: number;
  /** The hold's status at the gateway (requires_capture, succeeded, canceled, ...), or null. */
  holdStatus: string | null;
}

export function moneyActors(t: TestApp) {
  let n = 0;
  const post = (path: string, cookie: string, json: unknown = {}, headers: Record<string, string> = {}) => t.request(path, { method: 'POST', cookie, json, headers });

  /** Tokenizes a test card (4242… approves, 4000…0002 declines) for the caller. */
  async function card(cookie: string, number = '4242424242424242'): Promise<string> {
    const r = await post('/api/payments/test-mode/payment-methods', cookie, { number, expMonth: 12, expYear: 2030, cvc: '123' });
    return ((await r.json()) as { id: string }).id;
  }

  /** The booking request body for these options at `startAt`, paid with `paymentMethodId`. */
  const bookingBody = <O extends object>(options: O, startAt: string, paymentMethodId: string) => ({ options, address: TEST_ADDRESS, contactPhone: '8135550123', startAt, paymentMethodId });

  /** POST /api/bookings with a fresh card and key unless given. */
  async function book(cookie: string, options: object, startAt: string, extra: { key?: string; paymentMethodId?: string } = {}) {
    const body = bookingBody(options, startAt, extra.paymentMethodId ?? (await card(cookie)));
    return post('/api/bookings', cookie, body, { 'Idempotency-Key': extra.key ?? `money-actors-${Date.now()}-${++n}` });
  }

  /** A booking that must succeed; returns its view. */
  async function booked(cookie: string, options: object, startAt: string) {
    const r = await book(cookie, options, startAt);
    if (r.status !== 201) throw new Error(`booking failed: ${r.status} ${await r.text()}`);
    return (await r.json()) as { id: string; totalCents: number; status: string };
  }

  /** Signs up a user and makes them an admin. */
  async function admin(): Promise<Caller> {
    const caller = await t.signUp();
    await t.deps.db.insert(userRoles).values({ userId: caller.userId, role: 'admin' });
    return caller;
  }

  async function ledger(bookingId: string): Promise<MoneySummary> {
    return summarizeLedger(await t.deps.db.select().from(paymentLedger).where(eq(paymentLedger.bookingId, bookingId)));
  }

  async function gateway(bookingId: string): Promise<GatewaySide> {
    const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, bookingId));
    const side: GatewaySide = { capturedCents: 0, refundedCents: 0, paidCents: 0, holdStatus: null };
    for (const ref of [payment?.gatewayReference, payment?.extraChargeReference]) {
      if (!ref) continue;
      const p = await t.deps.gateway.getPayment(ref);
      if (ref === payment?.gatewayReference) side.holdStatus = p.status;
      side.capturedCents += p.capturedCents;
      side.refundedCents += p.refundedCents;
    }
    side.paidCents = side.capturedCents - side.refundedCents;
    return side;
  }

  return { post, card, bookingBody, book, booked, admin, ledger, gateway };
}
