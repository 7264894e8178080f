/**
 * Drives random booking life cycles through the API (issue #3) and checks that, for every
 * booking, the ledger's paid total equals what the gateway took (captured - refunded, over the
 * hold and any extra charge), to the cent. Prints the number of mismatches, which must be 0, and
 * the run's throughput. In-process app (app.request), simulated gateway, embedded PGlite in
 * memory (or TEST_DATABASE_URL).
 *
 * Run: `npm run bench:payments` (LIFECYCLES=1000 by default).
 */
import { eq } from 'drizzle-orm';
import { paymentLedger, payments, userRoles } from '../src/server/db/schema';
import { summarizeLedger } from '../src/domain/ledger';
import { runPaymentJobs } from '../src/server/modules/payments/payment-jobs';
import { reconcilePayments } from '../src/server/modules/payments/reconciliation';
import { createTestApp } from '../src/server/test/test-app';

const LIFECYCLES = Number(process.env.LIFECYCLES ?? 1000);
const NOW = new Date('2026-11-21T15:00:00Z'); // 10:00 Tampa
const HOUR = 3_600_000;

let seed = 20261121;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

const t = await createTestApp({ now: NOW });
await t.addWorkers(120);
const customer = await t.signUp('bench-customer@example.com');
const admin = await t.signUp('bench-admin@example.com');
await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
const cards = ['4242424242424242', '4242424242424242', '4242424242424242', '4000000000000002', '4000000000009995'];
const address = { street: '1 Main St', city: 'Tampa', state: 'FL', zip: '33602' };

const post = (path: string, cookie: string, json: unknown, headers: Record<string, string> = {}) => t.request(path, { method: 'POST', cookie, json, headers });
const counts: Record<string, number> = {};
const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1);
let requests = 0;
const started = performance.now();
const bookingIds: string[] = [];

for (let i = 0; i < LIFECYCLES; i++) {
  t.setNow(NOW);
  const number = pick(cards);
  const pm = await (await post('/api/payments/test-mode/payment-methods', customer.cookie, { number, expMonth: 12, expYear: 2030, cvc: '123' })).json();
  const options = pick([
    { service: 'tv-installation', screenSize: '56_65', bracket: 'flat', wallRiskAccepted: true, limitationsAcknowledged: true },
    { service: 'furniture-assembly', productName: 'Bed', estimatedHours: 1 + Math.floor(random() * 3) },
    { service: 'painting', rooms: 1 + Math.floor(random() * 2), paintSupplier: pick(['customer', 'company']) },
  ]);
  const dayOffset = 1 + Math.floor(random() * 12);
  const start = new Date(Date.UTC(2026, 10, 21 + dayOffset, 13 + Math.floor(random() * 2), 0)); // 8:00 or 9:00 Tampa
  const created = await post('/api/bookings', customer.cookie, { options, address, contactPhone: '8135550123', startAt: start.toISOString(), paymentMethodId: pm.id }, { 'Idempotency-Key': `bench-${i}-booking` });
  requests += 2;
  if (created.status !== 201) {
    count(`booking ${created.status}`);
    continue;
  }
  const booking = await created.json();
  bookingIds.push(booking.id);
  count('booked');

  // A deferred hold comes due for far-out bookings before anything else happens.
  if (random() < 0.5) {
    t.setNow(new Date(start.getTime() - 23 * HOUR));
    await runPaymentJobs(t.deps);
  }
  const path = random();
  if (path < 0.45) {
    t.setNow(new Date(start.getTime() + 2 * HOUR));
    const actuals = options.service === 'furniture-assembly' ? { actualHours: 1 + Math.floor(random() * 8) / 2 } : options.service === 'painting' && options.paintSupplier === 'company' ? { paintCostCents: Math.floor(random() * 10_000) } : {};
    const done = await post(`/api/admin/bookings/${booking.id}/complete`, admin.cookie, actuals);
    requests++;
    count(`complete ${done.status}`);
    if (done.status === 200 && random() < 0.4) {
      const paid = (await done.json()).money.paidCents;
      const amountCents = Math.max(1, Math.floor(random() * paid));
      const refund = await post(`/api/admin/bookings/${booking.id}/refund`, admin.cookie, { amountCents, reason: 'bench refund' }, { 'Idempotency-Key': `bench-${i}-refund` });
      // A retry with the same key must do nothing more.
      await post(`/api/admin/bookings/${booking.id}/refund`, admin.cookie, { amountCents, reason: 'bench refund' }, { 'Idempotency-Key': `bench-${i}-refund` });
      requests += 2;
      count(`refund ${refund.status}`);
    }
  } else if (path < 0.85) {
    const cancelAt = new Date(start.getTime() - Math.floor(random() * 60) * HOUR);
    t.setNow(cancelAt < NOW ? NOW : cancelAt);
    const cancel = await post(`/api/bookings/${booking.id}/cancel`, customer.cookie, {});
    await post(`/api/bookings/${booking.id}/cancel`, customer.cookie, {});
    requests += 2;
    count(`cancel ${cancel.status}`);
  } else {
    t.setNow(new Date(start.getTime() + HOUR));
    const noShow = await post(`/api/admin/bookings/${booking.id}/no-show`, admin.cookie, {});
    requests++;
    count(`no-show ${noShow.status}`);
  }
}
const seconds = (performance.now() - started) / 1000;

// The check: ledger vs gateway, booking by booking.
let mismatches = 0;
for (const id of bookingIds) {
  const [payment] = await t.deps.db.select().from(payments).where(eq(payments.bookingId, id));
  const ledger = summarizeLedger(await t.deps.db.select().from(paymentLedger).where(eq(paymentLedger.bookingId, id)));
  let gatewayPaid = 0;
  for (const ref of [payment?.gatewayReference, payment?.extraChargeReference]) {
    if (!ref) continue;
    const p = await t.deps.gateway.getPayment(ref);
    gatewayPaid += p.capturedCents - p.refundedCents;
  }
  if (gatewayPaid !== ledger.paidCents) {
    mismatches++;
    console.error(`mismatch booking ${id}: ledger ${ledger.paidCents} gateway ${gatewayPaid}`);
  }
}
const reconciliation = await reconcilePayments(t.deps, new Date('2026-01-01T00:00:00Z'));

console.log(`life cycles: ${LIFECYCLES}, bookings created: ${bookingIds.length}, API requests: ${requests} in ${seconds.toFixed(1)} s (${(requests / seconds).toFixed(0)} requests/s, in-process on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
console.log(`outcomes: ${Object.entries(counts).sort().map(([k, v]) => `${k}=${v}`).join(', ')}`);
console.log(`reconciliation: checked ${reconciliation.checked} gateway payments, ${reconciliation.mismatches} findings`);
console.log(`ledger vs gateway mismatches: ${mismatches}`);
await t.close();
process.exit(mismatches === 0 && reconciliation.mismatches === 0 ? 0 : 1);
