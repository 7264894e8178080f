import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userRoles } from '../../db/schema';
import { seedBooking, waitFor } from '../../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

interface OutboxAnswer {
  messages: Array<{ id: string; to: string; subject: string; text: string; template: string; language: string; createdAt: string; hasIcs: boolean; skippedReason: string | null }>;
}

describe(`GET /api/admin/outbox (${databaseKind})`, () => {
  let t: TestApp;
  let admin: { cookie: string; userId: string };
  let customer: { cookie: string; userId: string; email: string };
  let worker: { cookie: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signUp();
    worker = await t.signUp();
    customer = await t.signUp();
    await t.deps.db.insert(userRoles).values([
      { userId: admin.userId, role: 'admin' },
      { userId: worker.userId, role: 'worker' },
    ]);
  });
  afterAll(() => t?.close());

  it('is for admins only', async () => {
    expect((await t.request('/api/admin/outbox')).status).toBe(401);
    const asCustomer = await t.request('/api/admin/outbox', { cookie: customer.cookie });
    expect(asCustomer.status).toBe(403);
    expect(await asCustomer.json()).toMatchObject({ code: 'forbidden' });
    expect((await t.request('/api/admin/outbox', { cookie: worker.cookie })).status).toBe(403);
  });

  it('lists the dev outbox newest first, with the Spanish confirmation and its calendar file', async () => {
    const booking = await seedBooking(t.deps.db, customer.userId, { language: 'es' });
    await waitFor(async () => (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id))).length === 2, 5000, 'both booking mails');
    // A later message (not about a booking) lands on top.
    await t.deps.mailer.send({ to: 'someone@example.com', subject: 'Later', text: 'later', template: 'test_note', language: 'en' });

    const response = await t.request('/api/admin/outbox', { cookie: admin.cookie });
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as OutboxAnswer;
    expect(messages[0]).toMatchObject({ subject: 'Later', template: 'test_note', hasIcs: false });
    const confirmation = messages.find((m) => m.template === 'booking_received');
    expect(confirmation).toMatchObject({ to: customer.email, language: 'es', hasIcs: true, subject: `Recibimos su reserva ${booking.reference}` });
    expect(confirmation!.text).toContain('5 a 10 minutos');
    expect(Object.keys(confirmation!).sort()).toEqual(['createdAt', 'hasIcs', 'id', 'language', 'skippedReason', 'subject', 'template', 'text', 'to']);
    expect(new Date(confirmation!.createdAt).toISOString()).toBe(confirmation!.createdAt);
    const times = messages.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
