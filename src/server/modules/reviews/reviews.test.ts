/**
 * Reviews through the API (issue #14): the booking's customer rates the completed job once,
 * within 14 days, 1-5 stars; everyone else is refused; a second review (also at once) is 409 and
 * leaves one row; the technician's rating shows on the booking and in /admin/workers; an admin
 * hides an abusive review, which then drops out of the average.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox, reviews } from '../../db/schema';
import { moneyActors, TV_OPTIONS, type Caller } from '../../test/money-actors';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

// Saturday 2026-11-21 10:00 Tampa; each job on its own day from Monday 2026-11-23, 10:00 Tampa
// (15:00Z), so one worker can do them all; each is completed 90 minutes after its start.
const NOW = new Date('2026-11-21T15:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const FIRST_START = Date.parse('2026-11-23T15:00:00.000Z');

describe(`reviews (${databaseKind})`, () => {
  let t: TestApp;
  let actors: ReturnType<typeof moneyActors>;
  let customer: Caller;
  let other: Caller;
  let admin: Caller;
  let workerId: string;

  let day = 0;
  /** A new booking of `customer` on the next free day (10:00 Tampa), not completed. */
  const nextBooking = () => {
    t.setNow(NOW);
    return actors.booked(customer.cookie, TV_OPTIONS, new Date(FIRST_START + day++ * DAY).toISOString());
  };
  /** A booking of `customer` with `worker` assigned, completed by an admin 90 minutes after its start. */
  async function completedBooking(worker = workerId): Promise<{ id: string; doneAt: Date }> {
    const booking = await nextBooking();
    expect((await actors.post(`/api/admin/bookings/${booking.id}/assign`, admin.cookie, { workerId: worker })).status).toBe(200);
    const doneAt = new Date(FIRST_START + (day - 1) * DAY + 90 * 60_000);
    t.setNow(doneAt);
    const done = await actors.post(`/api/admin/bookings/${booking.id}/complete`, admin.cookie);
    expect(done.status).toBe(200);
    return { id: booking.id, doneAt };
  }
  const review = (id: string, cookie: string, json: unknown) => actors.post(`/api/bookings/${id}/review`, cookie, json);
  const view = async (id: string) => (await t.request(`/api/bookings/${id}`, { cookie: customer.cookie })).json();

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    actors = moneyActors(t);
    [workerId] = (await t.addWorkers(1)) as [string];
    customer = await t.signUp();
    other = await t.signUp();
    admin = await actors.admin();
  });
  afterAll(() => t?.close());

  it('refuses a booking that is not completed (422) and reviews by anyone but its customer (404)', async () => {
    const booking = await nextBooking();
    const early = await review(booking.id, customer.cookie, { rating: 5 });
    expect(early.status).toBe(422);
    expect(await early.json()).toMatchObject({ code: 'booking_not_completed' });

    const { id } = await completedBooking();
    for (const caller of [other, admin]) expect((await review(id, caller.cookie, { rating: 1 })).status).toBe(404);
    expect((await t.request(`/api/bookings/${id}/review`, { method: 'POST', json: { rating: 1 } })).status).toBe(401);
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.bookingId, id))).toEqual([]);
  });

  it("the receipt email links to the booking's review in My Bookings", async () => {
    const { id } = await completedBooking();
    const receiptMail = async () => (await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.bookingId, id), eq(mailOutbox.template, 'completed'))))[0];
    await vi.waitFor(async () => expect(await receiptMail()).toBeDefined(), { timeout: 10_000 });
    const mail = (await receiptMail())!;
    expect(mail.text).toContain(`Rate your job (and add a tip for your technician if you like): ${t.config.publicUrl}/my-bookings?booking=${id}&review=1`);
    expect(mail.html).toContain(`href="${t.config.publicUrl}/my-bookings?booking=${id}&amp;review=1"`);
  });

  it('takes 1-5 whole stars and a comment of at most 1000 characters', async () => {
    const { id } = await completedBooking();
    for (const rating of [0, 6, 4.5, '5']) expect((await review(id, customer.cookie, { rating })).status).toBe(400);
    expect((await review(id, customer.cookie, { rating: 5, comment: 'x'.repeat(1001) })).status).toBe(400);
    const r = await review(id, customer.cookie, { rating: 4, comment: '  Quick and tidy.  ' });
    expect(r.status).toBe(201);
    expect(await r.json()).toMatchObject({ rating: 4, comment: 'Quick and tidy.', hidden: false });
  });

  it('takes one review per booking: the second is 409 and the first stays', async () => {
    const { id } = await completedBooking();
    expect((await review(id, customer.cookie, { rating: 5, comment: 'Great' })).status).toBe(201);
    const again = await review(id, customer.cookie, { rating: 1, comment: 'Changed my mind' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'review_exists' });
    expect((await view(id)).review).toMatchObject({ rating: 5, comment: 'Great' });
  });

  it('answers 10 reviews posted at once with exactly one 201 and one stored row', async () => {
    const { id } = await completedBooking();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => review(id, customer.cookie, { rating: (i % 5) + 1, comment: `try ${i}` })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(9).fill(409)]);
    expect(await t.deps.db.select().from(reviews).where(eq(reviews.bookingId, id))).toHaveLength(1);
  });

  it('is open for 14 days after completion, by the clock', async () => {
    const inTime = await completedBooking();
    const late = await completedBooking();
    t.setNow(new Date(inTime.doneAt.getTime() + 14 * DAY - 60_000));
    expect((await review(inTime.id, customer.cookie, { rating: 3 })).status).toBe(201);
    t.setNow(new Date(late.doneAt.getTime() + 14 * DAY));
    const closed = await review(late.id, customer.cookie, { rating: 3 });
    expect(closed.status).toBe(422);
    expect(await closed.json()).toMatchObject({ code: 'review_window_closed' });
    expect((await view(late.id)).reviewUntil).toBe(new Date(late.doneAt.getTime() + 14 * DAY).toISOString());
  });

  it("shows the technician's average and count on the booking and in /admin/workers; a hidden review drops out", async () => {
    // A fresh worker with exactly two reviews: 5 and 2.
    const [rated] = (await t.addWorkers(1)) as [string];
    const ids: string[] = [];
    for (const rating of [5, 2]) {
      const booking = await completedBooking(rated);
      expect((await review(booking.id, customer.cookie, { rating, comment: rating === 2 ? 'Rude words here' : 'Fine' })).status).toBe(201);
      ids.push(booking.id);
    }
    expect((await view(ids[0]!)).worker.rating).toEqual({ average: 3.5, count: 2 });
    const workers = async () => ((await (await t.request('/api/admin/workers', { cookie: admin.cookie })).json()) as { workers: { id: string; rating: number | null; ratingCount: number }[] }).workers.find((w) => w.id === rated);
    expect(await workers()).toMatchObject({ rating: 3.5, ratingCount: 2 });

    const list = await (await t.request(`/api/admin/workers/${rated}/reviews`, { cookie: admin.cookie })).json();
    const abusive = list.reviews.find((r: { rating: number }) => r.rating === 2);
    expect((await actors.post(`/api/admin/reviews/${abusive.id}/hide`, customer.cookie, { reason: 'x' })).status).toBe(403);
    expect((await actors.post(`/api/admin/reviews/${abusive.id}/hide`, admin.cookie, { reason: '   ' })).status).toBe(400);
    const hidden = await actors.post(`/api/admin/reviews/${abusive.id}/hide`, admin.cookie, { reason: 'Abusive language' });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toMatchObject({ hidden: true, hiddenReason: 'Abusive language' });

    expect(await workers()).toMatchObject({ rating: 5, ratingCount: 1 });
    expect((await view(ids[0]!)).worker.rating).toEqual({ average: 5, count: 1 });
    // admins still list it, with the reason; the customer still sees their own review, marked hidden
    const after = await (await t.request(`/api/admin/workers/${rated}/reviews`, { cookie: admin.cookie })).json();
    expect(after.rating).toEqual({ average: 5, count: 1 });
    expect(after.reviews).toHaveLength(2);
    expect(after.reviews.find((r: { id: string }) => r.id === abusive.id)).toMatchObject({ hidden: true, hiddenReason: 'Abusive language' });
    expect((await view(ids[1]!)).review).toMatchObject({ rating: 2, hidden: true });
  });
});
