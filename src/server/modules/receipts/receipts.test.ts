/**
 * Issue #14, "Receipts": GET /api/bookings/{id}/receipt.pdf is a real PDF naming the right total,
 * the hold's fate, the tip and refunds, in English or Spanish; only the booking's customer and
 * admins get it, and only once there is something to account for.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { furnitureOptions, moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';

// Saturday 2026-11-21 10:00 in Tampa; the jobs are on Sunday.
const NOW = new Date('2026-11-21T15:00:00Z');
const AFTER_JOBS = new Date('2026-11-23T15:00:00Z');
const startAt = (hour: number) => `2026-11-22T${String(hour).padStart(2, '0')}:00:00.000Z`;

async function pdfText(response: Response): Promise<string> {
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe(`PDF receipts (${databaseKind})`, () => {
  let t: TestApp;
  let money: ReturnType<typeof moneyActors>;
  let admin: Caller;
  let customer: Caller;
  let other: Caller;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    money = moneyActors(t);
    await t.addWorkers(6);
    admin = await money.admin();
    customer = await t.signUp();
    other = await t.signUp();
  });
  afterAll(() => t?.close());

  const receipt = (id: string, cookie: string, query = '', lang = 'en') => t.request(`/api/bookings/${id}/receipt.pdf${query}`, { cookie, headers: { 'Accept-Language': lang } });
  const complete = (id: string, json: object = {}) => money.post(`/api/admin/bookings/${id}/complete`, admin.cookie, json);

  it('is refused before the job is done (409), to another customer (404) and to nobody signed in (401)', async () => {
    t.setNow(NOW);
    const b = await money.booked(customer.cookie, TV_OPTIONS, startAt(15));
    const early = await receipt(b.id, customer.cookie);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ code: 'receipt_unavailable' });
    expect((await receipt(b.id, other.cookie)).status).toBe(404);
    expect((await t.request(`/api/bookings/${b.id}/receipt.pdf`)).status).toBe(401);
  });

  it('names the final total, what was charged, the released rest of the hold, the tip and a refund; the admin gets the same file', async () => {
    t.setNow(NOW);
    const b = await money.booked(customer.cookie, furnitureOptions(2), startAt(16));
    expect(b.totalCents).toBe(7525);
    t.setNow(AFTER_JOBS);
    expect((await complete(b.id, { actualHours: 1.5 })).status).toBe(200);
    expect((await money.post(`/api/admin/bookings/${b.id}/refund`, admin.cookie, { amountCents: 500, reason: 'Late arrival' }, { 'Idempotency-Key': `refund-${b.id}` })).status).toBe(200);
    // The customer tips through the API: the charge, the tips row and its ledger entry, as in use.
    expect((await money.post(`/api/bookings/${b.id}/tip`, customer.cookie, { amountCents: 1000 }, { 'Idempotency-Key': `tip-${b.id}` })).status).toBe(201);

    const response = await receipt(b.id, customer.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="receipt-TB-[A-Z0-9]+\.pdf"$/);
    const text = await pdfText(response);
    // 1.5 h x $35.00 = $52.50 + 7.5% tax $3.94 = $56.44 (booked: 2 h, $75.25 held).
    expect(text).toContain('Furniture assembly');
    expect(text).toContain('1.5 × $35.00 per hour');
    expect(text).toMatch(/Subtotal \$52\.50/);
    expect(text).toMatch(/Tax \$3\.94/);
    expect(text).toMatch(/Total \$56\.44/);
    expect(text).toMatch(/Card hold \$75\.25/);
    expect(text).toContain('Charged to your card: $56.44; $5.00 of it was refunded.');
    expect(text).toMatch(/Charged \$56\.44/);
    expect(text).toMatch(/Tip for your technician \$10\.00/);
    expect(text).toMatch(/Refunded on .* -\$5\.00/);
    // 56.44 - 5.00 + 10.00 tip
    expect(text).toMatch(/Paid in total \$61\.44/);
    expect(text).toContain('Tampa Same-Day Handyman');

    const asAdmin = await receipt(b.id, admin.cookie);
    expect(asAdmin.status).toBe(200);
    expect(await pdfText(asAdmin)).toMatch(/Total \$56\.44/);
    expect((await receipt(b.id, other.cookie)).status).toBe(404);
  });

  it('reads in Spanish by Accept-Language or ?lang=es, and in English by ?lang=en', async () => {
    t.setNow(NOW);
    const b = await money.booked(customer.cookie, TV_OPTIONS, startAt(17));
    t.setNow(AFTER_JOBS);
    expect((await complete(b.id)).status).toBe(200);
    const spanish = await pdfText(await receipt(b.id, customer.cookie, '', 'es'));
    expect(spanish).toContain(`Recibo`);
    expect(spanish).toContain('Instalación de TV');
    expect(spanish).toMatch(/Total \$48\.38/);
    expect(spanish).toContain('Cobrado a su tarjeta: $48.38.');
    expect(await pdfText(await receipt(b.id, customer.cookie, '?lang=es'))).toContain('Pagado en total');
    expect(await pdfText(await receipt(b.id, customer.cookie, '?lang=en', 'es'))).toContain('Paid in total');
  });

  it('a free cancellation has no receipt; a late one with a fee has, naming the fee', async () => {
    t.setNow(NOW);
    const free = await money.booked(customer.cookie, TV_OPTIONS, startAt(18));
    t.setNow(new Date(NOW.getTime() + 20 * 60_000));
    expect((await money.post(`/api/bookings/${free.id}/cancel`, customer.cookie, {}, { 'Idempotency-Key': `cancel-${free.id}` })).status).toBe(200);
    expect((await receipt(free.id, customer.cookie)).status).toBe(409);

    t.setNow(NOW);
    const late = await money.booked(customer.cookie, TV_OPTIONS, startAt(19));
    t.setNow(new Date('2026-11-22T17:30:00Z')); // 1.5 hours before: the full amount is the fee
    const cancelled = await money.post(`/api/bookings/${late.id}/cancel`, customer.cookie, {}, { 'Idempotency-Key': `cancel-${late.id}` });
    expect(cancelled.status).toBe(200);
    const fee = ((await cancelled.json()) as { cancellation: { feeCents: number } }).cancellation.feeCents;
    expect(fee).toBeGreaterThan(0);
    const text = await pdfText(await receipt(late.id, customer.cookie));
    expect(text).toMatch(new RegExp(`Cancellation fee \\$${(fee / 100).toFixed(2).replace('.', '\\.')}`));
    expect(text).toMatch(new RegExp(`Paid in total \\$${(fee / 100).toFixed(2).replace('.', '\\.')}`));
  });
});
