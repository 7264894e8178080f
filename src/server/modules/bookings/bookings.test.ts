import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingEvents, bookings, profiles, simulatedHolds } from '../../db/schema';
import type { BookingChange } from '../../realtime/booking-event-hub';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 in Tampa (EST, UTC-5).
const NOW = new Date('2026-11-21T15:00:00Z');
// Sunday 2026-11-22 10:00 in Tampa: an offered start.
const START = '2026-11-22T15:00:00.000Z';

const tvOptions = { service: 'tv-installation', screenSize: '56_65', bracket: 'full_motion', wallRiskAccepted: true, limitationsAcknowledged: true };
const address = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };

describe(`bookings API (${databaseKind})`, () => {
  let t: TestApp;
  let customer: { cookie: string; userId: string };
  let card: string;
  let keyCounter = 0;
  const newKey = () => `test-key-${++keyCounter}-${Date.now()}`;

  async function addCard(cookie: string, number = '4242424242424242') {
    const response = await t.request('/api/payments/test-mode/payment-methods', { method: 'POST', cookie, json: { number, expMonth: 12, expYear: 2030, cvc: '123' } });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  function book(body: Record<string, unknown>, options: { cookie?: string; key?: string; lang?: string } = {}) {
    return t.request('/api/bookings', {
      method: 'POST',
      cookie: options.cookie ?? customer.cookie,
      headers: { 'Idempotency-Key': options.key ?? newKey(), 'Accept-Language': options.lang ?? 'en' },
      json: body,
    });
  }

  const validBody = () => ({ options: tvOptions, address, contactPhone: '(813) 555-0123', startAt: START, paymentMethodId: card });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await t.addWorkers(20);
    customer = await t.signUp();
    card = await addCard(customer.cookie);
  });
  afterAll(() => t?.close());

  it('books a TV installation with a hold for the server-computed total and lists it', async () => {
    const response = await book({ ...validBody(), totalCents: 1 });
    expect(response.status).toBe(201);
    const booking = await response.json();
    expect(booking).toMatchObject({
      service: 'tv-installation',
      status: 'pending',
      subtotalCents: 4500,
      taxCents: 338,
      totalCents: 4838,
      scheduledStart: START,
      scheduledEnd: '2026-11-22T16:00:00.000Z',
      contactPhone: '+18135550123',
      payment: { status: 'authorized', amountHeldCents: 4838, cardBrand: 'visa', cardLast4: '4242', testMode: true },
    });
    expect(booking.reference).toMatch(/^TB-[A-Z0-9]{6}$/);

    const list = await (await t.request('/api/bookings', { cookie: customer.cookie })).json();
    expect(list.bookings.map((b: { id: string }) => b.id)).toContain(booking.id);
  });

  // The answer to a new booking is built from the rows its transaction wrote (issue #16,
  // booking-view.ts newBookingView), not read back: it must equal what a read shows right after.
  it.each([
    ['a hold placed now', START, 'authorized'],
    ['a card saved for a hold placed later', '2026-11-26T16:00:00.000Z', 'card_saved'],
  ])('answers a new booking exactly as reading it back shows it (%s)', async (_case, startAt, paymentStatus) => {
    const response = await book({ ...validBody(), startAt, notes: 'Gate code 1234', address: { ...address, unit: 'Apt 2' }, saveAddress: true });
    expect(response.status).toBe(201);
    const created = (await response.json()) as { id: string; payment: { status: string }; money: unknown };
    expect(created.payment.status).toBe(paymentStatus);
    const read = await t.request(`/api/bookings/${created.id}`, { cookie: customer.cookie });
    expect(read.status).toBe(200);
    expect(created).toEqual(await read.json());
  });

  // The booking, its first events and the profile's phone are one statement (decision 044): the
  // events' NOTIFY must still carry the booking as written, and the phone must reach the profile.
  it('announces a new booking with its status and customer, and records its first events and the profile phone with it', async () => {
    const newcomer = await t.signUp();
    const newcomerCard = await addCard(newcomer.cookie);
    const heard: BookingChange[] = [];
    const unsubscribe = t.deps.bookingEvents.subscribe((change) => heard.push(change));
    const response = await book({ ...validBody(), paymentMethodId: newcomerCard, contactPhone: '(813) 555-0177' }, { cookie: newcomer.cookie });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    await expect.poll(() => heard.filter((change) => change.bookingId === id).length).toBe(2);
    unsubscribe();
    const changes = heard.filter((change) => change.bookingId === id).map(({ type, status, customerId, workerId }) => ({ type, status, customerId, workerId }));
    expect(changes.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'created', status: 'pending', customerId: newcomer.userId, workerId: null },
      { type: 'hold_placed', status: 'pending', customerId: newcomer.userId, workerId: null },
    ]);
    const events = await t.deps.db.select({ type: bookingEvents.type, amountCents: bookingEvents.amountCents }).from(bookingEvents).where(eq(bookingEvents.bookingId, id));
    expect(events.sort((a, b) => a.type.localeCompare(b.type))).toEqual([
      { type: 'created', amountCents: 4838 },
      { type: 'hold_placed', amountCents: 4838 },
    ]);
    const [profile] = await t.deps.db.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.id, newcomer.userId));
    expect(profile!.phone).toBe('+18135550177');
  });

  it('prices furniture by estimated hours and painting by rooms', async () => {
    const furniture = await book({ ...validBody(), options: { service: 'furniture-assembly', productName: 'IKEA PAX wardrobe', estimatedHours: 3 } });
    expect(furniture.status).toBe(201);
    expect(await furniture.json()).toMatchObject({ subtotalCents: 10500, taxCents: 788, totalCents: 11288, scheduledEnd: '2026-11-22T18:00:00.000Z' });

    const painting = await book({ ...validBody(), startAt: '2026-11-23T13:00:00.000Z', options: { service: 'painting', rooms: 2, paintSupplier: 'company', colorCode: 'SW 7005' } });
    expect(painting.status).toBe(201);
    expect(await painting.json()).toMatchObject({ subtotalCents: 50000, taxCents: 3750, totalCents: 53750 });
  });

  it.each([
    ['a TV without a screen size', { ...tvOptions, screenSize: undefined }, 'options.screenSize', 'Please select a screen size.'],
    ['a TV without the wall-risk disclaimer', { ...tvOptions, wallRiskAccepted: false }, 'options.wallRiskAccepted', 'Please accept the wall risk disclaimer to continue.'],
    ['a TV without the limitations acknowledged', { ...tvOptions, limitationsAcknowledged: false }, 'options.limitationsAcknowledged', 'Please acknowledge the service limitations.'],
    ['furniture with no name, link or photo', { service: 'furniture-assembly', productName: '  ', estimatedHours: 2 }, 'options.productName', 'Please provide at least one: product name, URL, or photo.'],
    ['painting with zero rooms', { service: 'painting', rooms: 0, paintSupplier: 'customer' }, 'options.rooms', 'Please choose between 1 and 3 rooms.'],
  ])('refuses %s with the spec message and books nothing', async (_name, options, field, message) => {
    const before = await t.request('/api/bookings', { cookie: customer.cookie }).then((r) => r.json());
    const response = await book({ ...validBody(), options });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details[field]).toBe(message);
    const after = await t.request('/api/bookings', { cookie: customer.cookie }).then((r) => r.json());
    expect(after.bookings).toHaveLength(before.bookings.length);
  });

  it('answers field errors in Spanish when asked', async () => {
    const response = await book({ ...validBody(), options: { ...tvOptions, screenSize: undefined } }, { lang: 'es-US,es;q=0.9' });
    const body = await response.json();
    expect(body.details['options.screenSize']).toBe('Por favor, seleccione un tamaño de pantalla.');
    expect(body.message).toBe('Por favor, corrija los campos señalados.');
  });

  it('refuses bad address and phone fields with details', async () => {
    const response = await book({ ...validBody(), address: { ...address, zip: '336', state: 'GA' }, contactPhone: '123' });
    expect(response.status).toBe(400);
    const { details } = await response.json();
    expect(details['address.zip']).toBe('Please enter a 5-digit ZIP code.');
    expect(details['address.state']).toBe('We only serve Florida (FL) addresses.');
    expect(details.contactPhone).toMatch(/valid US phone number/);
  });

  it('refuses an address outside the service area', async () => {
    const response = await book({ ...validBody(), address: { ...address, zip: '33701', city: 'St. Petersburg' } });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe('outside_service_area');
    expect(body.message).toContain('33701');
    expect(body.details['address.zip']).toContain('33701');
  });

  it('refuses a start that is not offered (before opening, past, or inside the lead time)', async () => {
    for (const startAt of ['2026-11-22T12:00:00.000Z', '2026-11-21T14:00:00.000Z', '2026-11-21T16:00:00.000Z', '2026-11-22T15:10:00.000Z']) {
      const response = await book({ ...validBody(), startAt });
      expect(response.status, startAt).toBe(409);
      expect((await response.json()).code).toBe('slot_unavailable');
    }
  });

  it('refuses a declined card with the bank message and creates no booking', async () => {
    const declining = await t.signUp();
    const declinedCard = await addCard(declining.cookie, '4000 0000 0000 0002');
    const response = await book({ ...validBody(), paymentMethodId: declinedCard }, { cookie: declining.cookie });
    expect(response.status).toBe(402);
    const body = await response.json();
    expect(body).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    const list = await (await t.request('/api/bookings', { cookie: declining.cookie })).json();
    expect(list.bookings).toEqual([]);
  });

  it('replays the first answer to a retried Idempotency-Key and places one hold', async () => {
    const key = newKey();
    const first = await book(validBody(), { key });
    const retry = await book(validBody(), { key });
    expect(first.status).toBe(201);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const [a, b] = [await first.json(), await retry.json()];
    expect(b).toEqual(a);
    const [holds] = await t.deps.db.select({ n: count() }).from(simulatedHolds).where(eq(simulatedHolds.idempotencyKey, `booking-hold:${customer.userId}:${key}`));
    expect(holds!.n).toBe(1);
  });

  it('gives one booking to concurrent retries with the same key', async () => {
    const key = newKey();
    const responses = await Promise.all(Array.from({ length: 5 }, () => book(validBody(), { key })));
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json()).id)));
    expect(ids.size).toBe(1);
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    expect(responses.filter((r) => r.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(4);
    const [rows] = await t.deps.db.select({ n: count() }).from(bookings).where(eq(bookings.idempotencyKey, key));
    expect(rows!.n).toBe(1);
  });

  it('refuses a key reused for a different booking', async () => {
    const key = newKey();
    expect((await book(validBody(), { key })).status).toBe(201);
    const response = await book({ ...validBody(), notes: 'different' }, { key });
    expect(response.status).toBe(422);
    expect((await response.json()).code).toBe('idempotency_key_reused');
  });

  it('requires sign-in and an Idempotency-Key', async () => {
    const anonymous = await t.request('/api/bookings', { method: 'POST', headers: { 'Idempotency-Key': newKey() }, json: validBody() });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).code).toBe('unauthenticated');
    const noKey = await t.request('/api/bookings', { method: 'POST', cookie: customer.cookie, json: validBody() });
    expect(noKey.status).toBe(400);
    expect((await noKey.json()).code).toBe('idempotency_key_required');
    expect((await t.request('/api/bookings')).status).toBe(401);
  });

  it("keeps each customer's bookings and cards to themselves", async () => {
    const mine = await (await book(validBody())).json();
    const other = await t.signUp();
    const theirList = await (await t.request('/api/bookings', { cookie: other.cookie })).json();
    expect(theirList.bookings).toEqual([]);
    expect((await t.request(`/api/bookings/${mine.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await t.request(`/api/bookings/${mine.id}`, { cookie: customer.cookie })).status).toBe(200);

    const withMyCard = await book(validBody(), { cookie: other.cookie });
    expect(withMyCard.status).toBe(400);
    expect((await withMyCard.json()).details.paymentMethodId).toMatch(/card/i);
  });

  it('attaches a photo uploaded before sign-in to the booking, and no one else can use it', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963f8cfc0f01f00050001ffabce36890000000049454e44ae426082', 'hex');
    const form = new FormData();
    form.set('file', new File([png], 'couch.png', { type: 'image/png' }));
    const upload = await t.request('/api/uploads', { method: 'POST', body: form });
    expect(upload.status).toBe(201);
    const anonymousCookie = upload.headers.getSetCookie()[0]!.split(';')[0]!;
    const { id: photoUploadId } = await upload.json();

    const stranger = await t.signUp();
    const strangerCard = await addCard(stranger.cookie);
    const stolen = await book({ ...validBody(), paymentMethodId: strangerCard, options: { service: 'furniture-assembly', photoUploadId, estimatedHours: 1 } }, { cookie: stranger.cookie });
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).details['options.photoUploadId']).toBeTruthy();

    const response = await book(
      { ...validBody(), options: { service: 'furniture-assembly', photoUploadId, estimatedHours: 1 } },
      { cookie: `${customer.cookie}; ${anonymousCookie}` },
    );
    expect(response.status).toBe(201);
    expect((await t.request(`/api/uploads/${photoUploadId}`, { cookie: customer.cookie })).status).toBe(200);
    expect((await t.request(`/api/uploads/${photoUploadId}`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it('refuses uploads that are not images', async () => {
    const form = new FormData();
    form.set('file', new File(['#!/bin/sh\necho hi'], 'photo.png', { type: 'image/png' }));
    const response = await t.request('/api/uploads', { method: 'POST', body: form });
    expect(response.status).toBe(400);
    expect((await response.json()).details.file).toBe('Please upload a photo (JPEG, PNG, WebP, GIF or HEIC).');
  });

  it('offers slots per service and date in Tampa time', async () => {
    const response = await t.request('/api/services/painting/slots?date=2026-11-22&durationMinutes=480');
    const body = await response.json();
    expect(body.dates).toHaveLength(15);
    expect(body.dates[0]).toBe('2026-11-21');
    expect(body.starts[0]).toBe('2026-11-22T13:00:00.000Z');
    expect(body.starts.at(-1)).toBe('2026-11-22T17:00:00.000Z'); // an 8 h job must end by 20:00
    expect((await t.request('/api/services/plumbing/slots?durationMinutes=60')).status).toBe(404);
    expect((await t.request('/api/services/painting/slots?durationMinutes=abc')).status).toBe(400);
  });
});
