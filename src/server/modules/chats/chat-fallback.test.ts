/**
 * The chats' offline emails (issue #13), on both databases, with the clock moved by hand: a
 * customer who has not read team replies within 3 minutes gets one email listing them (in the
 * conversation's language, text escaped in the HTML, a link that opens the chat), never the same
 * reply twice; nothing when they read in time (a guest too, by their mark on the conversation) or
 * turned email off, and a guest's later replies only; operations get one alert per
 * wait longer than 10 minutes; two runs at once send each email once.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { conversations, mailOutbox, notificationPreferences, userRoles } from '../../db/schema';
import { createTestApp, databaseKind, sessionCookie, type TestApp } from '../../test/test-app';
import { sendChatFallbackEmails } from './chat-fallback';

interface Caller {
  cookie: string;
  userId: string;
  email: string;
}

describe(`chat offline emails (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  /** Each test starts a day after the last one, so earlier waits are long settled. */
  let base = new Date('2026-11-20T15:00:00Z').getTime();
  let n = 0;
  const at = (minutes: number) => t.setNow(new Date(base + minutes * 60_000));
  const run = () => sendChatFallbackEmails(t.deps);

  const start = async (who: Caller) => {
    const r = await t.request('/api/chats', { method: 'POST', cookie: who.cookie, json: {} });
    expect([200, 201]).toContain(r.status);
    return ((await r.json()) as { id: string }).id;
  };
  const send = async (who: Caller, id: string, body: string, internal = false) => {
    const r = await t.request(`/api/chats/${id}/messages`, { method: 'POST', cookie: who.cookie, json: { body, internal }, headers: { 'Idempotency-Key': `fallback-${++n}` } });
    expect(r.status, await r.clone().text()).toBe(201);
    return (await r.json()) as { id: string; seq: number };
  };
  const mailsTo = (to: string) => t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(mailOutbox.createdAt);
  const alertsAbout = async (conversationId: string) =>
    (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'chat_waiting_ops'))).filter((m) => m.text.includes(`/admin/chats?c=${conversationId}`));

  beforeAll(async () => {
    t = await createTestApp({ now: new Date(base) });
    admin = await t.signUp(undefined, { name: 'Dana Admin' });
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
  });
  beforeEach(() => {
    base += 24 * 60 * 60_000;
    at(0);
  });
  afterAll(() => t?.close());

  it('emails the unread replies once, batched, 3 minutes after the first, and only new replies later', async () => {
    const customer = await t.signUp(undefined, { name: 'Carla <Customer>' });
    const id = await start(customer);
    await send(customer, id, 'Can you mount a 65" TV today?');
    await send(admin, id, 'Yes! <b>Today</b> at 3 & 4 PM are free.');
    await send(admin, id, 'Internal: check Walt', true);
    at(1);
    await send(admin, id, 'Which time suits you?');

    at(2);
    await run();
    expect(await mailsTo(customer.email)).toEqual([]);

    at(3);
    await run();
    const [mail, ...more] = await mailsTo(customer.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ template: 'chat_replies', language: 'en', subject: 'You have 2 new replies from Tampa Same-Day Handyman' });
    expect(mail!.text).toContain('Hello Carla <Customer>,');
    expect(mail!.text).toContain('Yes! <b>Today</b> at 3 & 4 PM are free.');
    expect(mail!.text).toContain('Which time suits you?');
    expect(mail!.text).not.toContain('Internal: check Walt');
    expect(mail!.text).toContain(`${t.config.publicUrl}/?chat=open`);
    expect(mail!.html).toContain('Yes! &lt;b&gt;Today&lt;/b&gt; at 3 &amp; 4 PM are free.');
    expect(mail!.html).toContain('Hello Carla &lt;Customer&gt;,');
    expect(mail!.html).not.toContain('<b>');
    expect(mail!.html).toContain(`<a href="${t.config.publicUrl}/?chat=open">`);

    at(10);
    await run();
    expect(await mailsTo(customer.email)).toHaveLength(1);

    const later = await send(admin, id, 'Walt is on his way.');
    at(14);
    await run();
    const mails = await mailsTo(customer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe('You have a new reply from Tampa Same-Day Handyman');
    expect(mails[1]!.text).toContain('Walt is on his way.');
    expect(mails[1]!.text).not.toContain('Which time suits you?');
    const [row] = await t.deps.db.select({ emailed: conversations.customerEmailedSeq }).from(conversations).where(eq(conversations.id, id));
    expect(row!.emailed).toBe(later.seq);
  });

  it('sends nothing to a customer who read the replies in time, or answered them', async () => {
    const reader = await t.signUp();
    const readerChat = await start(reader);
    await send(reader, readerChat, 'Hello?');
    const reply = await send(admin, readerChat, 'Hi, how can we help?');
    at(1);
    expect((await t.request(`/api/chats/${readerChat}/read`, { method: 'POST', cookie: reader.cookie, json: { seq: reply.seq } })).status).toBe(200);

    const answerer = await t.signUp();
    const answererChat = await start(answerer);
    await send(admin, answererChat, 'Your worker is Walt.');
    await send(answerer, answererChat, 'Thanks!');

    at(5);
    await run();
    expect(await mailsTo(reader.email)).toEqual([]);
    expect(await mailsTo(answerer.email)).toEqual([]);
  });

  it('sends nothing to a customer who turned email off, and does not send those replies later', async () => {
    const quiet = await t.signUp();
    await t.deps.db.insert(notificationPreferences).values({ userId: quiet.userId, email: false, sms: true });
    const id = await start(quiet);
    const reply = await send(admin, id, 'We can come at noon.');
    at(5);
    await run();
    expect(await mailsTo(quiet.email)).toEqual([]);
    const [row] = await t.deps.db.select({ emailed: conversations.customerEmailedSeq }).from(conversations).where(eq(conversations.id, id));
    expect(row!.emailed).toBe(reply.seq);

    await t.deps.db.update(notificationPreferences).set({ email: true }).where(eq(notificationPreferences.userId, quiet.userId));
    at(10);
    await run();
    expect(await mailsTo(quiet.email)).toEqual([]);
  });

  it("emails a guest with an email address in the conversation's language (Spanish)", async () => {
    const guestEmail = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const [guestChat] = await t.deps.db
      .insert(conversations)
      .values({ guestName: 'Gabi', guestEmail, language: 'es', createdAt: new Date(base), updatedAt: new Date(base) })
      .returning({ id: conversations.id });
    await send(admin, guestChat!.id, 'Hola Gabi, ¿a qué hora le viene bien?');
    at(4);
    await run();
    const [mail, ...more] = await mailsTo(guestEmail);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ template: 'chat_replies', language: 'es', subject: 'Tiene una nueva respuesta de Tampa Same-Day Handyman' });
    expect(mail!.text).toContain('Hola, Gabi:');
    expect(mail!.text).toContain('Hola Gabi, ¿a qué hora le viene bien?');
    expect(mail!.text).toContain('Lea y responda en el chat:');
  });

  it('sends nothing to a guest who read the replies in time, and only the replies after their read mark later', async () => {
    const startGuest = async (email: string) => {
      const r = await t.request('/api/chats/guest', { method: 'POST', json: { name: 'Gus Guest', email } });
      expect(r.status).toBe(201);
      return { id: ((await r.json()) as { id: string }).id, cookie: sessionCookie(r) };
    };
    const markRead = async (guest: { id: string; cookie: string }, seq: number) =>
      expect((await t.request(`/api/chats/${guest.id}/read`, { method: 'POST', cookie: guest.cookie, json: { seq } })).status).toBe(200);
    const readerEmail = `reader-${randomUUID().slice(0, 8)}@example.com`;
    const reader = await startGuest(readerEmail);
    const first = await send(admin, reader.id, 'Hi, how can we help?');
    at(1);
    await markRead(reader, first.seq);
    const second = await send(admin, reader.id, 'We have a slot at 2 pm.');

    // a guest who only opened the chat (delivered) has not read it (minute 1, like `second`)
    const glancerEmail = `glancer-${randomUUID().slice(0, 8)}@example.com`;
    const glancer = await startGuest(glancerEmail);
    await send(admin, glancer.id, 'Are you still there?');
    expect((await t.request(`/api/chats/${glancer.id}/messages`, { cookie: glancer.cookie })).status).toBe(200);

    at(3);
    await run();
    expect(await mailsTo(readerEmail)).toEqual([]);
    at(4);
    await run();
    expect(await mailsTo(glancerEmail)).toHaveLength(1);
    const [mail, ...more] = await mailsTo(readerEmail);
    expect(more).toEqual([]);
    expect(mail!.text).toContain('We have a slot at 2 pm.');
    expect(mail!.text).not.toContain('Hi, how can we help?');
    const [row] = await t.deps.db.select({ emailed: conversations.customerEmailedSeq, read: conversations.guestLastReadSeq }).from(conversations).where(eq(conversations.id, reader.id));
    expect(row).toEqual({ emailed: second.seq, read: first.seq });

    // read in time: nothing more
    const third = await send(admin, reader.id, 'Or 5 pm.');
    at(5);
    await markRead(reader, third.seq);
    at(10);
    await run();
    expect(await mailsTo(readerEmail)).toHaveLength(1);
  });

  it('alerts operations once per wait longer than 10 minutes, with a link to the conversation', async () => {
    const customer = await t.signUp(undefined, { name: 'Wanda Waiting' });
    const id = await start(customer);
    await send(customer, id, 'Anyone there?');
    at(10);
    await run();
    expect(await alertsAbout(id)).toEqual([]);

    at(11);
    await run();
    const [alert, ...more] = await alertsAbout(id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ to: t.config.mail.operationsEmail, language: 'en', subject: 'Chat waiting 11 min: Wanda Waiting' });
    expect(alert!.text).toContain('Their last message: Anyone there?');
    expect(alert!.text).toContain(`${t.config.publicUrl}/admin/chats?c=${id}`);
    expect(alert!.text).toContain(customer.email);

    // the same wait: no second alert, even after another customer message or an internal note
    await send(customer, id, 'Hello??');
    at(15);
    await send(admin, id, 'Note: call her', true);
    at(30);
    await run();
    expect(await alertsAbout(id)).toHaveLength(1);

    // answered, then a new wait: a new alert
    await send(admin, id, 'Sorry for the wait!');
    at(31);
    await send(customer, id, 'No problem, when can you come?');
    at(40);
    await run();
    expect(await alertsAbout(id)).toHaveLength(1);
    at(42);
    await run();
    expect(await alertsAbout(id)).toHaveLength(2);
  });

  it('sends each email once when two runs go at the same time', async () => {
    const customers = await Promise.all([1, 2, 3, 4].map(() => t.signUp()));
    const ids: string[] = [];
    for (const customer of customers) {
      const id = await start(customer);
      ids.push(id);
      await send(customer, id, 'Question');
      await send(admin, id, 'Answer');
      await send(customer, id, 'Another question'); // a new wait, left unanswered
    }
    at(20);
    await Promise.all([run(), run()]);
    for (const [i, customer] of customers.entries()) {
      // the customer answered after the reply: they saw it, so no email; the long wait alerts once
      expect(await mailsTo(customer.email)).toEqual([]);
      expect(await alertsAbout(ids[i]!)).toHaveLength(1);
    }

    for (const id of ids) await send(admin, id, 'Here is your answer');
    at(25);
    await Promise.all([run(), run(), run()]);
    for (const customer of customers) expect(await mailsTo(customer.email)).toHaveLength(1);
  });
});
