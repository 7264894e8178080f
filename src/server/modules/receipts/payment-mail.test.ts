/**
 * Issue #14: the booking emails tell the same payment truth as the screens (paymentTimingNotice),
 * in the booking's language, and the receipt email carries the PDF receipt.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { startFakeSmtp } from '../../mail/testing/fake-smtp';
import { waitFor } from '../../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';
import { moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';

// Saturday 2026-11-21 10:00 in Tampa.
const NOW = new Date('2026-11-21T15:00:00Z');
const TOMORROW = '2026-11-22T15:00:00.000Z';
const NEXT_WEEK = '2026-11-30T15:00:00.000Z'; // Monday 10:00 AM, 9 days out

async function bookIn(t: TestApp, money: ReturnType<typeof moneyActors>, customer: Caller, startAt: string, lang: string) {
  const card = await money.card(customer.cookie);
  const r = await money.post('/api/bookings', customer.cookie, money.bookingBody(TV_OPTIONS, startAt, card), { 'Idempotency-Key': `mail-${startAt}-${lang}-${Math.random()}`, 'Accept-Language': lang });
  expect(r.status).toBe(201);
  return (await r.json()) as { id: string; reference: string };
}

const outbox = (t: TestApp, bookingId: string, template: string) =>
  waitFor(async () => (await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.template, template))))[0], 5000, template);

describe(`the payment notice in the booking emails (${databaseKind})`, () => {
  let t: TestApp;
  let money: ReturnType<typeof moneyActors>;
  let customer: Caller;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    money = moneyActors(t);
    await t.addWorkers(4);
    customer = await t.signUp();
  });
  afterAll(() => t?.close());

  it('a booking 9 days out: "card saved, hold about 24 hours before", with the total, in Spanish', async () => {
    const b = await bookIn(t, money, customer, NEXT_WEEK, 'es');
    const mail = await outbox(t, b.id, 'booking_received');
    expect(mail.language).toBe('es');
    expect(mail.text).toContain('Su tarjeta queda guardada; retenemos $48.38 unas 24 horas antes del trabajo (hacia el domingo, 29 de noviembre de 2026');
    expect(mail.text).not.toContain('$0.00');
  });

  it('a booking tomorrow in English: the amount is held now', async () => {
    const b = await bookIn(t, money, customer, TOMORROW, 'en');
    const mail = await outbox(t, b.id, 'booking_received');
    expect(mail.text).toContain("$48.38 held on your card, not charged yet – you're charged only after the job is done.");
    expect(mail.text).not.toContain('24 hours before');
  });
});

describe(`the receipt email's PDF (${databaseKind})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ now: NOW, env: { SMTP_URL: smtp.url } });
    await t.addWorkers(2);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('attaches receipt-<reference>.pdf, a PDF, to the "job completed" mail, and links to it', async () => {
    const money = moneyActors(t);
    const admin = await money.admin();
    const customer = await t.signUp();
    const b = await bookIn(t, money, customer, TOMORROW, 'en');
    t.setNow(new Date('2026-11-23T15:00:00Z'));
    expect((await money.post(`/api/admin/bookings/${b.id}/complete`, admin.cookie, {})).status).toBe(200);

    const sent = await waitFor(() => smtp.received.find((m) => m.raw.includes(`Job completed: your receipt for booking ${b.reference}`)), 10_000, 'the receipt mail');
    const raw = sent.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(new RegExp(`Content-Type: application/pdf; name=receipt-${b.reference}\\.pdf`));
    expect(raw).toContain(`Content-Disposition: attachment; filename=receipt-${b.reference}.pdf`);
    const part = raw.split(`filename=receipt-${b.reference}.pdf`)[1]!.split(/\r\n\r\n/)[1]!.split('\r\n--')[0]!;
    expect(Buffer.from(part.replace(/\s+/g, ''), 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const row = await outbox(t, b.id, 'completed');
    expect(row.text).toContain(`Your receipt as a PDF: http://localhost:3000/api/bookings/${b.id}/receipt.pdf?lang=en`);
  });
});
