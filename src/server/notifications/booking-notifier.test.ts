import http from 'node:http';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, mailOutbox, paymentLedger, userRoles } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { createLogger } from '../lib/logger';
import { startFakeSmtp } from '../mail/testing/fake-smtp';
import { recordEvent, seedBooking, waitFor, type BookingRow } from '../realtime/testing/booking-fixtures';
import { createTestApp, databaseKind, type TestApp } from '../test/test-app';
import { runScheduledJobs } from '../scheduled-jobs';
import { createBookingNotifier, sendUnsentBookingMail } from './booking-notifier';

type OutboxRow = typeof mailOutbox.$inferSelect;

function messagesOf(t: TestApp, bookingId: string, template?: string): Promise<OutboxRow[]> {
  const where = template ? and(eq(mailOutbox.bookingId, bookingId), eq(mailOutbox.template, template)) : eq(mailOutbox.bookingId, bookingId);
  return t.deps.db.select().from(mailOutbox).where(where);
}

/** Waits for the one message of `template` about `booking`. */
async function message(t: TestApp, booking: Pick<BookingRow, 'id'>, template: string): Promise<OutboxRow> {
  return waitFor(async () => (await messagesOf(t, booking.id, template))[0], 5000, `the ${template} message`);
}

describe(`booking notifications in the dev outbox (${databaseKind})`, () => {
  let t: TestApp;
  let customer: { userId: string; email: string };
  let worker: { userId: string };

  beforeAll(async () => {
    t = await createTestApp();
    customer = await t.signUp(undefined, { name: 'María López' });
    worker = await t.signUp(undefined, { name: 'Carlos Rivera' });
    await t.deps.db.insert(userRoles).values({ userId: worker.userId, role: 'worker' });
  });
  afterAll(() => t?.close());

  it('mails a Spanish customer "booking received" with the calendar file, exactly once even when the event comes twice', async () => {
    const booking = await seedBooking(t.deps.db, customer.userId, { language: 'es' });

    const received = await message(t, booking, 'booking_received');
    expect(received).toMatchObject({ to: customer.email, language: 'es', transport: 'dev', subject: `Recibimos su reserva ${booking.reference}` });
    expect(received.text).toContain('Hola, María López:');
    expect(received.text).toContain('Instalación de TV');
    expect(received.text).toContain('en 5 a 10 minutos');
    expect(received.text).toContain('le llamará al (813) 555-0123 en 5 a 10 minutos');
    expect(received.text).toContain('domingo, 22 de noviembre de 2026');
    expect(received.text).toContain('(hora de Tampa)');
    expect(received.text).toContain('100 N Tampa St, Apt 4, Tampa, FL 33602');
    expect(received.text).toContain('$48.38');
    expect(received.text).toContain('Visa terminada en 4242');
    expect(received.html).toContain('<p>');
    // The appointment's instants: 10:00-11:00 in Tampa on 2026-11-22 (EST, UTC-5).
    expect(received.ics).toContain('BEGIN:VCALENDAR');
    expect(received.ics).toContain('DTSTART:20261122T150000Z');
    expect(received.ics).toContain('DTEND:20261122T160000Z');
    expect(received.ics).toContain(`UID:booking-${booking.id}@localhost`);

    const ops = await message(t, booking, 'booking_received_ops');
    expect(ops).toMatchObject({ to: 'ops@tampahandyman.example', language: 'en', ics: null });
    expect(ops.subject).toContain(`New booking ${booking.reference}: TV installation`);
    expect(ops.text).toContain(`${t.config.publicUrl}/admin`);
    expect(ops.text).toContain('María López');

    // The same event again: once through the trigger, and straight into two more notifiers at once.
    await recordEvent(t.deps.db, booking, 'created');
    const change = { bookingId: booking.id, type: 'created', status: 'pending' as const, customerId: customer.userId, workerId: null };
    const site = { publicUrl: t.config.publicUrl, supportPhone: t.config.supportPhone, operationsEmail: t.config.mail.operationsEmail };
    const others = [1, 2].map(() => createBookingNotifier({ db: t.deps.db, mailer: t.deps.mailer, sms: null, site, logger: createLogger('silent') }));
    for (const other of others) other.notify(change);
    for (const other of others) other.notify(change);
    await Promise.all(others.map((other) => other.close()));
    // A later event of the same booking is handled after the repeated one (one queue per booking).
    await recordEvent(t.deps.db, booking, 'assigned', { status: 'confirmed', workerId: worker.userId, etaAt: new Date('2026-11-22T15:30:00Z') });
    const assigned = await message(t, booking, 'technician_assigned');

    expect(await messagesOf(t, booking.id, 'booking_received')).toHaveLength(1);
    expect(await messagesOf(t, booking.id, 'booking_received_ops')).toHaveLength(1);
    expect(assigned.subject).toBe(`Técnico asignado: Carlos Rivera (reserva ${booking.reference})`);
    expect(assigned.text).toMatch(/Llegada estimada: 10:30\s?a\.\s?m\. \(hora de Tampa\)/);
  });

  it('mails "on the way" with the ETA, the receipt on completion, and sends nothing for other events', async () => {
    const booking = await seedBooking(t.deps.db, customer.userId, { language: 'en' });
    await message(t, booking, 'booking_received');
    await recordEvent(t.deps.db, booking, 'hold_placed');
    await recordEvent(t.deps.db, booking, 'en_route', { status: 'en_route', workerId: worker.userId, etaAt: new Date('2026-11-22T15:45:00Z') });
    const onTheWay = await message(t, booking, 'on_the_way');
    expect(onTheWay.subject).toBe('Your technician is on the way, ETA 10:45 AM');
    expect(onTheWay.text).toContain('Carlos Rivera is on the way to 100 N Tampa St, Apt 4, Tampa, FL 33602.');

    // Completed with a bigger final amount: the receipt shows the final lines and what was charged.
    await t.deps.db.insert(paymentLedger).values([
      { bookingId: booking.id, kind: 'captured', amountCents: 4838, idempotencyKey: randomUUID() },
      { bookingId: booking.id, kind: 'extra_charge', amountCents: 1000, idempotencyKey: randomUUID() },
    ]);
    await recordEvent(t.deps.db, booking, 'completed', {
      status: 'completed',
      finalLineItems: [
        { code: 'tv_installation', unit: 'job', quantity: 1, unitPriceCents: 4500, amountCents: 4500, taxCents: 338 },
        { code: 'paint', unit: 'job', quantity: 1, unitPriceCents: 915, amountCents: 915, taxCents: 69 },
      ],
      finalSubtotalCents: 5415,
      finalTaxCents: 407,
      finalTotalCents: 5838,
    });
    const completed = await message(t, booking, 'completed');
    expect(completed.subject).toBe(`Job completed: your receipt for booking ${booking.reference}`);
    expect(completed.text).toContain('TV installation: 1 × $45.00 = $45.00');
    expect(completed.text).toContain('Paint (bought for you): 1 × $9.15 = $9.15');
    expect(completed.text).toContain('Subtotal: $54.15');
    expect(completed.text).toContain('Tax: $4.07');
    expect(completed.text).toContain('Total: $58.38');
    expect(completed.text).toContain('Charged to Visa ending in 4242: $58.38');

    const templates = (await messagesOf(t, booking.id)).map((m) => m.template).sort();
    expect(templates).toEqual(['booking_received', 'booking_received_ops', 'completed', 'on_the_way']);
  });

  it('lets one of several processes that hear an event render and send its messages; the others stop at the claim', async () => {
    const booking = await seedBooking(t.deps.db, customer.userId);
    await message(t, booking, 'booking_received');
    // An event no notifier acts on (no claim yet), then delivered as a cancellation to three
    // notifiers at once, twice each: like three server processes hearing the same NOTIFY.
    const [event] = await t.deps.db.insert(bookingEvents).values({ bookingId: booking.id, type: 'hold_placed' }).returning({ id: bookingEvents.id });
    await t.deps.db.update(bookings).set({ status: 'cancelled', cancellationTier: 'free', cancellationFeeCents: 0 }).where(eq(bookings.id, booking.id));
    const change = { eventId: event!.id, bookingId: booking.id, type: 'cancelled', status: 'cancelled' as const, customerId: customer.userId, workerId: null };
    const site = { publicUrl: t.config.publicUrl, supportPhone: t.config.supportPhone, operationsEmail: t.config.mail.operationsEmail };
    const batches: string[][] = [];
    const lookups: string[] = [];
    const counting: Mailer = {
      ...t.deps.mailer,
      sendMany: (mails) => (batches.push(mails.map((m) => m.template)), t.deps.mailer.sendMany(mails)),
      templatesSent: (bookingId, templates) => (lookups.push(bookingId), t.deps.mailer.templatesSent(bookingId, templates)),
    };
    const processes = [1, 2, 3].map(() => createBookingNotifier({ db: t.deps.db, mailer: counting, sms: null, site, logger: createLogger('silent') }));
    for (const notifier of processes) notifier.notify(change);
    for (const notifier of processes) notifier.notify(change);
    await Promise.all(processes.map((notifier) => notifier.close()));

    expect(batches).toEqual([['cancelled']]);
    expect(lookups).toEqual([]);
    expect(await messagesOf(t, booking.id, 'cancelled')).toHaveLength(1);
    const [claimed] = await t.deps.db.select({ notifiedAt: bookingEvents.notifiedAt }).from(bookingEvents).where(eq(bookingEvents.id, event!.id));
    expect(claimed!.notifiedAt).toBeInstanceOf(Date);
  });

  // Issue #16: events heard close together are claimed by one statement and their mails
  // inserted by one, instead of two statements per event. One statement sets one now(): the
  // events' notified_at and the messages' created_at are then the same instant.
  it('claims the events it hears together in one statement and writes their mails in one insert, each booking mailed once', async () => {
    const seeded = [await seedBooking(t.deps.db, customer.userId), await seedBooking(t.deps.db, customer.userId), await seedBooking(t.deps.db, customer.userId)];
    for (const booking of seeded) await message(t, booking, 'booking_received');
    const changes = [];
    for (const booking of seeded) {
      // An event no notifier acts on, then handed over as a cancellation (as in the test above).
      const [event] = await t.deps.db.insert(bookingEvents).values({ bookingId: booking.id, type: 'hold_placed' }).returning({ id: bookingEvents.id });
      await t.deps.db.update(bookings).set({ status: 'cancelled', cancellationTier: 'free', cancellationFeeCents: 0 }).where(eq(bookings.id, booking.id));
      changes.push({ eventId: event!.id, bookingId: booking.id, type: 'cancelled', status: 'cancelled' as const, customerId: customer.userId, workerId: null });
    }
    const site = { publicUrl: t.config.publicUrl, supportPhone: t.config.supportPhone, operationsEmail: t.config.mail.operationsEmail };
    const notifier = createBookingNotifier({ db: t.deps.db, mailer: t.deps.mailer, sms: null, site, logger: createLogger('silent') });
    for (const change of changes) notifier.notify(change);
    await notifier.close();

    const mails = await Promise.all(seeded.map((booking) => messagesOf(t, booking.id, 'cancelled')));
    expect(mails.map((rows) => rows.length)).toEqual([1, 1, 1]);
    expect(new Set(mails.map(([row]) => row!.createdAt.getTime())).size).toBe(1);
    const claimedAt = await t.deps.db.select({ notifiedAt: bookingEvents.notifiedAt }).from(bookingEvents).where(inArray(bookingEvents.id, changes.map((change) => change.eventId)));
    expect(claimedAt).toHaveLength(3);
    expect(claimedAt.every((row) => row.notifiedAt instanceof Date)).toBe(true);
    expect(new Set(claimedAt.map((row) => row.notifiedAt!.getTime())).size).toBe(1);
  });

  // Decision 051: a process that claimed an event and stopped before writing its mails (or an
  // event no process heard) used to leave the booking without them for good.
  it('sends, once, the mails of an event whose claimant stopped before writing them and of one nobody heard; a recent claim and a mailed booking are left alone', async () => {
    const [stopped, unheard, recent, mailed] = [
      await seedBooking(t.deps.db, customer.userId),
      await seedBooking(t.deps.db, customer.userId),
      await seedBooking(t.deps.db, customer.userId),
      await seedBooking(t.deps.db, customer.userId),
    ];
    for (const booking of [stopped, unheard, recent, mailed]) await message(t, booking, 'booking_received_ops');
    const createdEvent = (booking: BookingRow) => and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.type, 'created'));
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    // As the database would look after each story: the mails never written, the event's claim as it was left.
    for (const [booking, notifiedAt] of [[stopped, minutesAgo(9)], [unheard, null], [recent, minutesAgo(1)]] as const) {
      await t.deps.db.delete(mailOutbox).where(eq(mailOutbox.bookingId, booking.id));
      await t.deps.db.update(bookingEvents).set({ createdAt: minutesAgo(10), notifiedAt }).where(createdEvent(booking));
    }
    await t.deps.db.update(bookingEvents).set({ createdAt: minutesAgo(10), notifiedAt: minutesAgo(10) }).where(createdEvent(mailed));

    await runScheduledJobs(t.deps);
    await runScheduledJobs(t.deps);

    const templates = async (booking: BookingRow) => (await messagesOf(t, booking.id)).map((row) => row.template).sort();
    expect(await templates(stopped)).toEqual(['booking_received', 'booking_received_ops']);
    expect(await templates(unheard)).toEqual(['booking_received', 'booking_received_ops']);
    expect(await templates(recent)).toEqual([]);
    expect(await templates(mailed)).toEqual(['booking_received', 'booking_received_ops']);
    const [claim] = await t.deps.db.select({ notifiedAt: bookingEvents.notifiedAt }).from(bookingEvents).where(createdEvent(unheard));
    expect(claim!.notifiedAt).toBeInstanceOf(Date);
  });

  // The job waits for the events it handed over, not for the notifier to fall idle: under steady
  // traffic it never does, and a job that never ends holds up every later run of the jobs.
  it('finishes its run while the notifier is still busy with another booking', async () => {
    const [busy, stopped] = [await seedBooking(t.deps.db, customer.userId), await seedBooking(t.deps.db, customer.userId)];
    for (const booking of [busy, stopped]) await message(t, booking, 'booking_received_ops');
    await t.deps.db.delete(mailOutbox).where(eq(mailOutbox.bookingId, stopped.id));
    await t.deps.db
      .update(bookingEvents)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000), notifiedAt: new Date(Date.now() - 9 * 60_000) })
      .where(and(eq(bookingEvents.bookingId, stopped.id), eq(bookingEvents.type, 'created')));
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding: Mailer = { ...t.deps.mailer, sendMany: async (mails) => (mails.some((m) => m.bookingId === busy.id) && (await held), t.deps.mailer.sendMany(mails)) };
    const site = { publicUrl: t.config.publicUrl, supportPhone: t.config.supportPhone, operationsEmail: t.config.mail.operationsEmail };
    const notifier = createBookingNotifier({ db: t.deps.db, mailer: holding, sms: null, site, logger: createLogger('silent') });
    const [event] = await t.deps.db.insert(bookingEvents).values({ bookingId: busy.id, type: 'hold_placed' }).returning({ id: bookingEvents.id });
    await t.deps.db.update(bookings).set({ status: 'cancelled', cancellationTier: 'free', cancellationFeeCents: 0 }).where(eq(bookings.id, busy.id));
    void notifier.notify({ eventId: event!.id, bookingId: busy.id, type: 'cancelled', status: 'cancelled', customerId: customer.userId, workerId: null });
    try {
      expect(await sendUnsentBookingMail({ db: t.deps.db, bookingNotifier: notifier })).toBeGreaterThanOrEqual(1);
      expect((await messagesOf(t, stopped.id)).map((row) => row.template).sort()).toEqual(['booking_received', 'booking_received_ops']);
      expect(await messagesOf(t, busy.id, 'cancelled')).toEqual([]);
    } finally {
      release();
      await notifier.close();
    }
    expect(await messagesOf(t, busy.id, 'cancelled')).toHaveLength(1);
  });

  it('mails the cancellation outcome: no charge, a fee, or the no-show charge', async () => {
    const free = await seedBooking(t.deps.db, customer.userId);
    await recordEvent(t.deps.db, free, 'cancelled', { status: 'cancelled', cancellationTier: 'free', cancellationFeeCents: 0 });
    expect((await message(t, free, 'cancelled')).text).toContain('You were not charged: the hold on your card was released.');

    const late = await seedBooking(t.deps.db, customer.userId);
    await recordEvent(t.deps.db, late, 'cancelled', { status: 'cancelled', cancellationTier: 'half', cancellationFeeCents: 2419 });
    const fee = await message(t, late, 'cancelled');
    expect(fee.subject).toBe(`Booking ${late.reference} cancelled`);
    expect(fee.text).toContain('Under our cancellation policy a fee of $24.19 was charged to Visa ending in 4242.');

    const absent = await seedBooking(t.deps.db, customer.userId, { language: 'es' });
    await recordEvent(t.deps.db, absent, 'no_show', { status: 'no_show', cancellationTier: 'no_show', cancellationFeeCents: 4838 });
    const noShow = await message(t, absent, 'no_show');
    expect(noShow.subject).toBe(`Reserva ${absent.reference}: marcada como ausencia`);
    expect(noShow.text).toContain('se cobró el monto total de $48.38');
  });
});

/** A stand-in for Twilio's Messages endpoint that records each request. */
async function startFakeTwilio(status = 201) {
  const requests: Array<{ path: string; authorization: string | undefined; form: URLSearchParams }> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, form: new URLSearchParams(body) });
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(status < 300 ? { sid: `SM${requests.length}` } : { code: 21211, message: "The 'To' number is not valid." }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`, requests, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const TWILIO_ENV = { TWILIO_ACCOUNT_SID: 'AC0123456789', TWILIO_AUTH_TOKEN: 'secret-token', TWILIO_FROM_NUMBER: '+18135550100' };

describe(`booking notifications over SMTP and Twilio (${databaseKind})`, () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    twilio = await startFakeTwilio();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ...TWILIO_ENV, TWILIO_API_BASE: twilio.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await twilio?.close();
  });

  it('sends the mail over SMTP with the .ics attached and texts "received" and "on the way"', async () => {
    const customer = await t.signUp();
    const booking = await seedBooking(t.deps.db, customer.userId);
    const received = await waitFor(async () => (await messagesOf(t, booking.id, 'booking_received')).find((m) => m.sentAt), 5000, 'the SMTP send');
    expect(received).toMatchObject({ transport: 'smtp', error: null });
    await waitFor(() => smtp.received.length >= 2, 5000, 'both mails at the SMTP server');

    const toCustomer = smtp.received.find((m) => m.to.some((to) => to.includes(customer.email)))!;
    expect(toCustomer.from).toContain('bookings@tampahandyman.example');
    const headers = toCustomer.raw.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain('From: "Tampa Same-Day Handyman" <bookings@tampahandyman.example>');
    expect(headers).toContain(`Subject: We received your booking ${booking.reference}`);
    expect(headers).toContain('Content-Type: text/calendar; charset=utf-8; method=PUBLISH; name=booking.ics');
    expect(headers).toContain('Content-Disposition: attachment; filename=booking.ics');
    expect(smtp.received.some((m) => m.to.some((to) => to.includes('ops@tampahandyman.example')))).toBe(true);

    await waitFor(() => twilio.requests.length >= 1, 5000, 'the "received" SMS');
    const [sms] = twilio.requests;
    expect(sms!.path).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(sms!.authorization).toBe(`Basic ${Buffer.from('AC0123456789:secret-token').toString('base64')}`);
    expect(sms!.form.get('To')).toBe('+18135550123');
    expect(sms!.form.get('From')).toBe('+18135550100');
    expect(sms!.form.get('Body')).toContain(`booking ${booking.reference} received`);

    await recordEvent(t.deps.db, booking, 'assigned', { status: 'confirmed' });
    await recordEvent(t.deps.db, booking, 'en_route', { status: 'en_route', etaAt: new Date('2026-11-22T15:45:00Z') });
    await waitFor(() => twilio.requests.length >= 2, 5000, 'the "on the way" SMS');
    expect(twilio.requests[1]!.form.get('Body')).toContain('ETA 10:45 AM');
    expect(twilio.requests).toHaveLength(2);
  });

  it("follows the customer's choices in Settings > Preferences: no booking email, no text; operations still hear", async () => {
    const smsAbout = (reference: string) => twilio.requests.filter((r) => r.form.get('Body')?.includes(reference));
    const mailsTo = (email: string) => smtp.received.filter((m) => m.to.some((to) => to.includes(email)));
    const opsSent = (bookingId: string) => waitFor(async () => (await messagesOf(t, bookingId, 'booking_received_ops')).find((m) => m.sentAt), 5000, 'the operations mail');

    const quiet = await t.signUp();
    expect((await t.request('/api/account/preferences', { method: 'PUT', cookie: quiet.cookie, json: { email: false, sms: false } })).status).toBe(200);
    const quietBooking = await seedBooking(t.deps.db, quiet.userId);
    await opsSent(quietBooking.id);
    const [recorded] = await messagesOf(t, quietBooking.id, 'booking_received');
    expect(recorded).toMatchObject({ to: quiet.email, skippedReason: 'email_off', sentAt: null });
    expect(mailsTo(quiet.email)).toHaveLength(0);
    expect(smsAbout(quietBooking.reference)).toHaveLength(0);

    const mailOnly = await t.signUp();
    await t.request('/api/account/preferences', { method: 'PUT', cookie: mailOnly.cookie, json: { email: true, sms: false } });
    const mailOnlyBooking = await seedBooking(t.deps.db, mailOnly.userId);
    await opsSent(mailOnlyBooking.id);
    await waitFor(() => mailsTo(mailOnly.email).length === 1, 5000, 'the mail to the customer');
    expect(smsAbout(mailOnlyBooking.reference)).toHaveLength(0);

    const textOnly = await t.signUp();
    await t.request('/api/account/preferences', { method: 'PUT', cookie: textOnly.cookie, json: { email: false, sms: true } });
    const textOnlyBooking = await seedBooking(t.deps.db, textOnly.userId);
    await waitFor(() => smsAbout(textOnlyBooking.reference).length === 1, 5000, 'the text to the customer');
    await opsSent(textOnlyBooking.id);
    expect(mailsTo(textOnly.email)).toHaveLength(0);
  });
});

describe(`booking notifications when SMTP and Twilio fail (${databaseKind})`, () => {
  let t: TestApp;
  let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;

  beforeAll(async () => {
    // A port with nothing listening: the SMTP connection is refused.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    twilio = await startFakeTwilio(400);
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, ...TWILIO_ENV, TWILIO_API_BASE: twilio.url } });
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
  });

  it('records the SMTP error on the message and carries on', async () => {
    const customer = await t.signUp();
    const booking = await seedBooking(t.deps.db, customer.userId);
    const failed = await waitFor(async () => (await messagesOf(t, booking.id, 'booking_received')).find((m) => m.error), 5000, 'the failed send');
    expect(failed).toMatchObject({ transport: 'smtp', sentAt: null });
    expect(failed.error).toMatch(/ECONNREFUSED|connect/i);
    await waitFor(() => twilio.requests.length >= 1, 5000, 'the refused SMS');
    // The next event is still handled.
    await recordEvent(t.deps.db, booking, 'cancelled', { status: 'cancelled', cancellationTier: 'grace', cancellationFeeCents: 0 });
    await waitFor(async () => (await messagesOf(t, booking.id, 'cancelled'))[0], 5000, 'the cancellation mail');
  });
});
