/**
 * Issue #10, "proven on every route": the access matrix over every route of our API (all of
 * /api except Better Auth's /api/auth/*) for six callers — anonymous, the customer who owns the
 * fixtures, another customer, the worker assigned to the fixture jobs, another worker, and an
 * admin — and the route-coverage test that keeps the matrix, the registered routes and the
 * OpenAPI document (/api/openapi.json) in step.
 *
 * Each row of ACCESS_MATRIX is one route (method + the path as the document writes it) with the
 * status every caller gets, and on top of the status (the style of people/access-matrix.test.ts):
 *  - reads: an allowed caller sees only their own data (`own`);
 *  - writes: a caller whose call may not change the row's `state` (a refused caller, or anyone
 *    but the owner) leaves it exactly as it was (re-read after the call).
 * Fixtures are built once; writes that succeed use their own fixture or run last in their row
 * (the owner runs after everyone else), so no row depends on another row's success except where
 * the order is the point (a worker's job: accept, on my way, start, complete).
 */
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessHoursWeek } from '../domain/capacity';
import { DEFAULT_SLOT_RULES } from '../domain/slots';
import { DEFAULT_CANCELLATION_POLICY } from '../domain/cancellation-policy';
import { DEFAULT_JOB_RULES } from '../domain/job-rules';
import { DEFAULT_MONEY_LIMITS } from '../domain/money-limits';
import { DEFAULT_SERVICE_AREA_ZIPS } from '../domain/service-area';
import { SETTINGS_SECTION_PATHS, SETTINGS_SECTIONS, type SettingsSection } from '../domain/settings-contract';
import { analyticsEvents, bookings, chatCannedReplies, chatMessages, conversations, jobPhotos, payments, simulatedHolds, userRoles, workerProfiles } from './db/schema';
import { ACCESS_RULES, type Access } from './lib/openapi';
import { moneyActors, TV_OPTIONS } from './test/money-actors';
import { createTestApp, databaseKind, type TestApp } from './test/test-app';
import { makeWorker } from './modules/workers/worker-defaults';

export const CALLERS = ['anonymous', 'customer', 'other customer', 'worker', 'other worker', 'admin'] as const;
export type CallerName = (typeof CALLERS)[number];
type SignedIn = Exclude<CallerName, 'anonymous'>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Caller {
  cookie: string;
  userId: string;
  email: string;
}

interface Ctx {
  t: TestApp;
  ids: Record<string, string>;
  callers: Record<SignedIn, Caller>;
  /** GET as a caller; must answer 200. */
  read: (caller: CallerName, path: string) => Promise<any>;
}

interface Cell {
  status: number;
  /** For an allowed call: the answer is the caller's own data (never the customer's, unless they are the customer). */
  own?: (body: any, ctx: Ctx, me: CallerName) => unknown;
  /** This call may change the row's state (default: the row's owner answered 2xx). */
  changes?: boolean;
  /** A body for this caller only. */
  body?: unknown;
}

export interface MatrixRow {
  method: Method;
  /** The path as the OpenAPI document writes it, e.g. /api/bookings/{id}. */
  path: string;
  /** The access rule (the document's `x-access` must be this one once the route is declared). */
  access: Access;
  /** The URL called; `{name}` is filled from the fixtures (in the body too). Default: `path`. */
  url?: string;
  body?: unknown;
  /** A multipart photo upload instead of a JSON body. */
  multipart?: boolean;
  /** An event stream: only its status and content type are read, then it is closed. */
  stream?: boolean;
  /** The caller whose successful call may change `state`; they run last. */
  owner?: CallerName;
  /** What must not change, re-read before and after each call that may not change it. */
  state?: (ctx: Ctx) => Promise<unknown>;
  /** The clock for this row's calls (a worker's timed moves happen on the job's day); default NOW. */
  at?: string;
  expect: Record<CallerName, number | Cell>;
}

const cell = (c: number | Cell): Cell => (typeof c === 'number' ? { status: c } : c);

// Saturday 2026-11-21 10:00 Tampa; the jobs are on the Monday, Tuesday and Wednesday after.
const NOW = new Date('2026-11-21T15:00:00Z');
const at = (day: 23 | 24 | 25, utc: string) => `2026-11-${day}T${utc}:00.000Z`;
const APPLICATION = {
  fullName: 'Applicant',
  phone: '(813) 555-0123',
  services: ['painting'],
  yearsExperience: 3,
  areasServed: 'South Tampa',
  availabilitySummary: 'Weekends',
  licenceInsurance: 'General liability, $1M',
};
const HOME = { street: '100 N Tampa St', city: 'Tampa', state: 'FL', zip: '33602' };
const WEEK = businessHoursWeek(DEFAULT_SLOT_RULES).map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute }));

// ---- state readers and own-data checks -------------------------------------------------------

/** Everything stored about a booking: its row, its payment row(s) and its money. */
const bookingState = (key: string) => async (ctx: Ctx) => {
  const db = ctx.t.deps.db;
  const id = ctx.ids[key]!;
  return {
    booking: (await db.select().from(bookings).where(eq(bookings.id, id)))[0],
    payments: await db.select().from(payments).where(eq(payments.bookingId, id)),
    ledger: await moneyActors(ctx.t).ledger(id),
  };
};
const customerRead = (path: string) => (ctx: Ctx) => ctx.read('customer', path);
const roleOf = (key: string) => async (ctx: Ctx) => (await ctx.t.deps.db.select().from(userRoles).where(eq(userRoles.userId, ctx.ids[key]!))).map((r) => r.role);
const adminUser = (key: string) => async (ctx: Ctx) => {
  const page = await ctx.read('admin', `/api/admin/users?q=${encodeURIComponent(key)}&pageSize=100`);
  return page;
};
const adminSettings = (ctx: Ctx) => ctx.read('admin', '/api/admin/settings');
/** One harmless save per settings section (nothing the later rows rely on), from the seeded version. */
const SETTINGS_SAVES: Record<SettingsSection, { version: number; value: unknown }> = {
  tax: { version: 1, value: { taxRateBps: 800 } },
  serviceArea: { version: 1, value: { zips: [...DEFAULT_SERVICE_AREA_ZIPS, '33690'] } },
  hours: { version: 1, value: { weeklyHours: WEEK.map(({ startMinute, endMinute }) => ({ openMinute: startMinute, closeMinute: endMinute })), stepMinutes: 30, leadMinutes: 120, bufferMinutes: 30, daysAhead: 15 } },
  cancellation: { version: 1, value: { ...DEFAULT_CANCELLATION_POLICY, graceMinutes: 10 } },
  contactPromise: { version: 1, value: { min: 5, max: 15 } },
  support: { version: 0, value: { phone: '+18135550199', email: 'help@example.com' } },
  completionLimits: { version: 1, value: { ...DEFAULT_MONEY_LIMITS, hoursCap: 10 } },
  jobRules: { version: 0, value: { ...DEFAULT_JOB_RULES, minJobMinutes: 20 } },
};
const cardNotFound = (b: any) => expect(b.code).toBe('payment_method_not_found');
/** The chat fixture's conversation row and its messages. */
const chatState = async (ctx: Ctx) => ({
  conversations: await ctx.t.deps.db.select().from(conversations).orderBy(conversations.id),
  messages: await ctx.t.deps.db.select().from(chatMessages).where(eq(chatMessages.conversationId, ctx.ids.chat!)).orderBy(chatMessages.seq),
});
/** The chat fixture's messages as a participant reads them: the admin's note only for admins. */
const chatMessagesSeen = (admin: boolean): Cell => ({
  status: 200,
  own: (b) => expect(b.messages.map((m: { body: string }) => m.body)).toEqual(admin ? ['Matrix question', 'Matrix note'] : ['Matrix question']),
});
const chatSent = (role: string): Cell => ({ status: 201, own: (b, ctx) => expect(b).toMatchObject({ conversationId: ctx.ids.chat, senderRole: role, body: 'Matrix hello' }) });
const idsOf = (list: { id: string }[]) => list.map((x) => x.id);
/** The canned replies as stored. */
const cannedState = async (ctx: Ctx) => ctx.t.deps.db.select().from(chatCannedReplies).orderBy(chatCannedReplies.id);

/** The standard refusals of a rule, for the callers it refuses (the owner-only rules answer 404 to others). */
function refusalsOf(access: Access): Partial<Record<CallerName, number>> {
  switch (access) {
    case 'anonymous':
    case 'stripe':
      return {};
    case 'signed_in':
    case 'chat_participant':
      return { anonymous: 401 };
    case 'customer_owner':
      return { anonymous: 401, 'other customer': 404, worker: 404, 'other worker': 404, admin: 404 };
    case 'worker':
      return { anonymous: 401, customer: 403, 'other customer': 403, admin: 403 };
    case 'assigned_worker':
      return { anonymous: 401, customer: 403, 'other customer': 403, admin: 403, 'other worker': 404 };
    case 'admin':
      return { anonymous: 401, customer: 403, 'other customer': 403, worker: 403, 'other worker': 403 };
    case 'staff':
      return { anonymous: 401, customer: 403, 'other customer': 403 };
  }
}

/** Routes whose refusal the product spec words itself (defineRouteWithRefusal): the rule's 401/403 become this status. */
const WORDED_REFUSALS: Record<string, number> = { 'GET /api/admin/session': 403 };

/** A row where every caller the rule refuses gets its refusal, and the others `allowed`. */
function byRule(access: Access, allowed: Partial<Record<CallerName, number | Cell>>, fallback: number | Cell): Record<CallerName, number | Cell> {
  const refused = refusalsOf(access);
  return Object.fromEntries(CALLERS.map((c) => [c, allowed[c] ?? refused[c] ?? fallback])) as Record<CallerName, number | Cell>;
}

// ---- the matrix ------------------------------------------------------------------------------

const everyone = (c: number | Cell): Record<CallerName, number | Cell> => Object.fromEntries(CALLERS.map((n) => [n, c])) as Record<CallerName, number | Cell>;

export const ACCESS_MATRIX: MatrixRow[] = [
  // -- open to anyone
  { method: 'GET', path: '/api/health', access: 'anonymous', expect: everyone({ status: 200, own: (b) => expect(b).toEqual({ status: 'ok', database: 'up' }) }) },
  { method: 'GET', path: '/api/openapi.json', access: 'anonymous', expect: everyone({ status: 200, own: (b) => expect(b.openapi).toBe('3.1.0') }) },
  { method: 'GET', path: '/api/docs', access: 'anonymous', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/scalar.js', access: 'anonymous', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/start.js', access: 'anonymous', expect: everyone(200) },
  { method: 'GET', path: '/api/settings/public', access: 'anonymous', expect: everyone({ status: 200, own: (b) => expect(b.serviceAreaZips).toContain('33602') }) },
  { method: 'GET', path: '/api/services/{slug}/slots', url: '/api/services/tv-installation/slots?date=2026-11-25&durationMinutes=60', access: 'anonymous', expect: everyone({ status: 200, own: (b) => expect(b.date).toBe('2026-11-25') }) },
  // the blog (issue #12): the site's posts in content/blog/
  { method: 'GET', path: '/api/blog', url: '/api/blog?lang=es&page=1', access: 'anonymous', expect: everyone({ status: 200, own: (b) => expect(b).toMatchObject({ language: 'es', page: 1, posts: expect.arrayContaining([expect.objectContaining({ slug: 'prepare-room-for-painting', language: 'es' })]) }) }) },
  { method: 'GET', path: '/api/blog/{slug}', url: '/api/blog/prepare-room-for-painting?lang=en', access: 'anonymous', expect: everyone({ status: 200, own: (b) => expect(b).toMatchObject({ slug: 'prepare-room-for-painting', language: 'en', translations: ['en', 'es'] }) }) },
  // Stripe only: without STRIPE_WEBHOOK_SECRET (the test app) nobody gets in, signature or not (webhook.test.ts covers the 400).
  {
    method: 'POST',
    path: '/api/payments/webhook',
    access: 'stripe',
    body: { id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_x' } } },
    state: bookingState('booking'),
    expect: everyone(404),
  },

  // -- the caller's own account
  {
    method: 'GET',
    path: '/api/me',
    access: 'anonymous',
    expect: byRule('anonymous', { anonymous: { status: 200, own: (b) => expect(b).toEqual({ user: null, profile: null, role: null, session: null }) } }, { status: 200, own: (b, ctx, me) => expect(b.user.id).toBe(ctx.callers[me as SignedIn].userId) }),
  },
  {
    method: 'PATCH',
    path: '/api/me/profile',
    access: 'signed_in',
    body: { full_name: 'Renamed' },
    owner: 'customer',
    state: async (ctx) => (await ctx.read('customer', '/api/me')).profile,
    expect: byRule('signed_in', {}, { status: 200, own: (b, ctx, me) => expect(b).toMatchObject({ id: ctx.callers[me as SignedIn].userId, full_name: 'Renamed' }) }),
  },
  {
    method: 'GET',
    path: '/api/account/preferences',
    access: 'signed_in',
    expect: byRule('signed_in', { customer: { status: 200, own: (b) => expect(b).toEqual({ email: false, sms: true }) } }, { status: 200, own: (b) => expect(b).toEqual({ email: true, sms: true }) }),
  },
  {
    method: 'PUT',
    path: '/api/account/preferences',
    access: 'signed_in',
    body: { email: false, sms: false },
    owner: 'customer',
    state: customerRead('/api/account/preferences'),
    expect: byRule('signed_in', {}, { status: 200, own: async (b, ctx, me) => expect(await ctx.read(me, '/api/account/preferences')).toEqual({ email: false, sms: false }) }),
  },
  {
    method: 'GET',
    path: '/api/account/addresses',
    access: 'signed_in',
    expect: byRule('signed_in', { customer: { status: 200, own: (b, ctx) => expect(idsOf(b)).toContain(ctx.ids.address) } }, { status: 200, own: (b, ctx) => expect(idsOf(b)).not.toContain(ctx.ids.address) }),
  },
  {
    method: 'POST',
    path: '/api/account/addresses',
    access: 'signed_in',
    body: HOME,
    owner: 'customer',
    state: customerRead('/api/account/addresses'),
    expect: byRule('signed_in', {}, { status: 201, own: async (b, ctx, me) => expect(idsOf(await ctx.read(me, '/api/account/addresses'))).toContain(b.id) }),
  },
  {
    method: 'PATCH',
    path: '/api/account/addresses/{id}',
    url: '/api/account/addresses/{address}',
    access: 'signed_in',
    body: { street: '9 Elsewhere St' },
    owner: 'customer',
    state: customerRead('/api/account/addresses'),
    // signed_in, but someone else's address is 404
    expect: byRule('signed_in', { customer: { status: 200, own: (b) => expect(b.street).toBe('9 Elsewhere St') } }, 404),
  },
  {
    method: 'DELETE',
    path: '/api/account/addresses/{id}',
    url: '/api/account/addresses/{spareAddress}',
    access: 'signed_in',
    owner: 'customer',
    state: customerRead('/api/account/addresses'),
    expect: byRule('signed_in', { customer: { status: 200, own: (b, ctx) => expect(idsOf(b)).not.toContain(ctx.ids.spareAddress) } }, 404),
  },
  {
    method: 'GET',
    path: '/api/account/payment-methods',
    access: 'signed_in',
    expect: byRule(
      'signed_in',
      { customer: { status: 200, own: (b, ctx) => expect(idsOf(b)).toEqual(expect.arrayContaining([ctx.ids.card, ctx.ids.spareCard])) } },
      { status: 200, own: (b, ctx) => expect(idsOf(b)).not.toEqual(expect.arrayContaining([ctx.ids.card])) },
    ),
  },
  {
    method: 'PUT',
    path: '/api/account/payment-methods/{id}/default',
    url: '/api/account/payment-methods/{card}/default',
    access: 'signed_in',
    owner: 'customer',
    state: customerRead('/api/account/payment-methods'),
    expect: byRule('signed_in', { customer: { status: 200, own: (b, ctx) => expect(b[0]).toMatchObject({ id: ctx.ids.card, is_default: true }) } }, 404),
  },
  {
    method: 'DELETE',
    path: '/api/account/payment-methods/{id}',
    url: '/api/account/payment-methods/{spareCard}',
    access: 'signed_in',
    owner: 'customer',
    state: customerRead('/api/account/payment-methods'),
    expect: byRule('signed_in', { customer: { status: 204, own: async (_, ctx) => expect(idsOf(await ctx.read('customer', '/api/account/payment-methods'))).not.toContain(ctx.ids.spareCard) } }, 404),
  },
  {
    method: 'POST',
    path: '/api/payments/test-mode/payment-methods',
    access: 'signed_in',
    body: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
    state: customerRead('/api/account/payment-methods'),
    owner: 'customer',
    // Tokenizing saves nothing: a card is saved only by a successful hold or setup (issue #14).
    expect: byRule('signed_in', {}, { status: 201, own: async (b, ctx, me) => expect(idsOf(await ctx.read(me, '/api/account/payment-methods'))).not.toContain(b.id) }),
  },
  {
    method: 'POST',
    path: '/api/payments/test-mode/authenticate',
    access: 'signed_in',
    body: { clientSecret: '{clientSecret}' },
    owner: 'customer',
    state: async (ctx) => (await ctx.t.deps.db.select().from(simulatedHolds).where(eq(simulatedHolds.id, ctx.ids.clientSecret!.replace(/_secret_sim$/, ''))))[0],
    // someone else's 3-D Secure step names nothing of theirs: 404
    expect: byRule('signed_in', { customer: { status: 200, own: (b) => expect(b).toEqual({ authenticated: true }) } }, 404),
  },
  {
    method: 'POST',
    path: '/api/uploads',
    access: 'anonymous',
    multipart: true,
    owner: 'customer',
    state: async (ctx) => (await ctx.t.request(`/api/uploads/${ctx.ids.upload}`, { cookie: ctx.callers.customer.cookie })).status,
    // guests upload under a draft cookie
    expect: everyone({ status: 201, own: (b) => expect(b.id).toMatch(/^[0-9a-f-]{36}$/) }),
  },
  {
    method: 'GET',
    path: '/api/uploads/{id}',
    url: '/api/uploads/{upload}',
    access: 'anonymous',
    // the owner and admins; the booking's customer and worker when it is a booking's photo; else 404 (guests with their draft cookie)
    expect: { anonymous: 404, customer: 200, 'other customer': 404, worker: 404, 'other worker': 404, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/events',
    // signed-out chat guests too (their cookie: chat-guests.test.ts); the matrix's anonymous caller has none
    access: 'chat_participant',
    stream: true,
    expect: byRule('chat_participant', {}, 200),
  },
  {
    method: 'POST',
    path: '/api/events/ticket',
    // a short-lived ticket naming the caller's own session (realtime/stream-ticket.ts); it changes nothing
    access: 'signed_in',
    expect: byRule('signed_in', {}, { status: 200, own: (b) => expect(b.ticket).toMatch(/^[^.]+\.\d+\.[\w-]+$/) }),
  },
  {
    method: 'POST',
    path: '/api/worker-applications',
    access: 'signed_in',
    body: APPLICATION,
    owner: 'customer',
    state: customerRead('/api/worker-applications/mine'),
    // one pending application at a time; staff already work with us
    expect: byRule(
      'signed_in',
      {
        customer: { status: 409, own: (b) => expect(b.code).toBe('application_pending') },
        'other customer': { status: 201, own: async (b, ctx) => expect(idsOf((await ctx.read('other customer', '/api/worker-applications/mine')).applications)).toContain(b.id) },
      },
      { status: 409, own: (b) => expect(b.code).toBe('already_staff') },
    ),
  },
  {
    method: 'GET',
    path: '/api/worker-applications/mine',
    access: 'signed_in',
    expect: byRule(
      'signed_in',
      { customer: { status: 200, own: (b, ctx) => expect(idsOf(b.applications)).toEqual([ctx.ids.application]) } },
      { status: 200, own: (b, ctx) => expect(idsOf(b.applications)).not.toContain(ctx.ids.application) },
    ),
  },

  // -- the customer's bookings (customer_owner: anyone else's is 404)
  {
    method: 'POST',
    path: '/api/bookings',
    access: 'signed_in',
    body: { options: TV_OPTIONS, address: HOME, contactPhone: '8135550123', startAt: at(25, '13:00'), paymentMethodId: '{bookingCard}' },
    owner: 'customer',
    state: customerRead('/api/bookings'),
    expect: byRule(
      'signed_in',
      {
        // paying with the customer's card: for anyone else it does not exist (400, as an unknown card)
        'other customer': { status: 400, own: cardNotFound },
        worker: { status: 400, own: cardNotFound },
        'other worker': { status: 400, own: cardNotFound },
        admin: { status: 400, own: cardNotFound },
        customer: { status: 201, own: async (b, ctx) => expect(idsOf((await ctx.read('customer', '/api/bookings')).bookings)).toContain(b.id) },
      },
      0,
    ),
  },
  {
    method: 'GET',
    path: '/api/bookings',
    access: 'signed_in',
    expect: byRule(
      'signed_in',
      { customer: { status: 200, own: (b, ctx) => expect(idsOf(b.bookings)).toEqual(expect.arrayContaining([ctx.ids.booking, ctx.ids.otherJob])) } },
      { status: 200, own: (b, ctx) => expect(idsOf(b.bookings)).not.toContain(ctx.ids.booking) },
    ),
  },
  { method: 'GET', path: '/api/bookings/{id}', url: '/api/bookings/{booking}', access: 'customer_owner', expect: byRule('customer_owner', { customer: { status: 200, own: (b, ctx) => expect(b.id).toBe(ctx.ids.booking) } }, 0) },
  {
    method: 'GET',
    path: '/api/bookings/{id}/cancellation',
    url: '/api/bookings/{booking}/cancellation',
    access: 'customer_owner',
    expect: byRule('customer_owner', { customer: { status: 200, own: (b) => expect(typeof b.feeCents).toBe('number') } }, 0),
  },
  { method: 'GET', path: '/api/bookings/{id}/receipt', url: '/api/bookings/{booking}/receipt', access: 'customer_owner', expect: byRule('customer_owner', { customer: { status: 200, own: (b, ctx) => expect(b.booking.id).toBe(ctx.ids.booking) } }, 0) },
  // The PDF receipt (issue #14): its customer and admins; the fixture is not completed yet, so 409 for them (receipts.test.ts covers 200).
  { method: 'GET', path: '/api/bookings/{id}/receipt.pdf', url: '/api/bookings/{booking}/receipt.pdf', access: 'signed_in', expect: byRule('signed_in', { customer: 409, admin: 409, 'other customer': 404, worker: 404, 'other worker': 404 }, 0) },
  {
    method: 'POST',
    path: '/api/bookings/{id}/cancel',
    url: '/api/bookings/{toCancel}/cancel',
    access: 'customer_owner',
    owner: 'customer',
    state: bookingState('toCancel'),
    expect: byRule('customer_owner', { customer: { status: 200, own: (b) => expect(b.status).toBe('cancelled') } }, 0),
  },
  {
    method: 'POST',
    path: '/api/bookings/{id}/reschedule',
    url: '/api/bookings/{toReschedule}/reschedule',
    access: 'customer_owner',
    body: { startAt: at(25, '15:00') },
    owner: 'customer',
    state: bookingState('toReschedule'),
    expect: byRule('customer_owner', { customer: { status: 200, own: (b) => expect(b.startAt ?? b.scheduledStart).toBe(at(25, '15:00')) } }, 0),
  },
  // Reviews and tips (issue #14): the booking's customer only, once completed (the fixture is not: 422; reviews.test.ts and tips.test.ts cover 201).
  {
    method: 'POST',
    path: '/api/bookings/{id}/review',
    url: '/api/bookings/{booking}/review',
    access: 'customer_owner',
    body: { rating: 5, comment: 'Matrix' },
    state: bookingState('booking'),
    expect: byRule('customer_owner', { customer: { status: 422, own: (b) => expect(b.code).toBe('booking_not_completed') } }, 0),
  },
  {
    method: 'POST',
    path: '/api/bookings/{id}/tip',
    url: '/api/bookings/{booking}/tip',
    access: 'customer_owner',
    body: { amountCents: 500 },
    state: bookingState('booking'),
    expect: byRule('customer_owner', { customer: { status: 422, own: (b) => expect(b.code).toBe('booking_not_completed') } }, 0),
  },

  // -- staff
  {
    method: 'GET',
    path: '/api/admin/session',
    access: 'staff',
    expect: {
      anonymous: { status: 403, own: (b) => expect(b.code).toBe('access_denied') },
      customer: { status: 403, own: (b) => expect(b.code).toBe('access_denied') },
      'other customer': { status: 403, own: (b) => expect(b.code).toBe('access_denied') },
      worker: { status: 200, own: (b, ctx) => expect(b).toMatchObject({ id: ctx.callers.worker.userId, role: 'worker' }) },
      'other worker': { status: 200, own: (b, ctx) => expect(b).toMatchObject({ id: ctx.callers['other worker'].userId, role: 'worker' }) },
      admin: { status: 200, own: (b, ctx) => expect(b).toMatchObject({ id: ctx.callers.admin.userId, role: 'admin' }) },
    },
  },

  // push notifications (issue #15): each staff member's own devices (push.test.ts proves ownership and moves)
  { method: 'GET', path: '/api/push/config', access: 'staff', expect: byRule('staff', {}, { status: 200, own: (b) => expect(b).toEqual({ vapidPublicKey: null }) }) },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    access: 'staff',
    body: { channel: 'fcm', token: 'matrix-push-refused-0123456789', platform: 'android' },
    expect: byRule('staff', Object.fromEntries((['worker', 'other worker', 'admin'] as const).map((c) => [c, { status: 201, body: { channel: 'fcm', token: `matrix-push-${c.replace(' ', '-')}-0123456789`, platform: 'android' }, own: (b: any) => expect(b).toMatchObject({ channel: 'fcm', platform: 'android' }) }])), 0),
  },
  { method: 'GET', path: '/api/push/subscriptions', access: 'staff', expect: byRule('staff', {}, { status: 200, own: (b) => expect(b.devices).toEqual([expect.objectContaining({ channel: 'fcm', platform: 'android' })]) }) },
  {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    access: 'staff',
    body: { endpoint: 'matrix-push-refused-0123456789' },
    expect: byRule('staff', Object.fromEntries((['worker', 'other worker', 'admin'] as const).map((c) => [c, { status: 204, body: { endpoint: `matrix-push-${c.replace(' ', '-')}-0123456789` } }])), 0),
  },
  // -- the worker's day (assigned_worker: a job that is not theirs is 404)
  { method: 'GET', path: '/api/worker/profile', access: 'worker', expect: byRule('worker', {}, { status: 200, own: (b) => expect(b.skills.length).toBeGreaterThan(0) }) },
  // earnings: each worker reads only their own (no id to name another's); the admin route reads any worker's
  { method: 'GET', path: '/api/worker/earnings', access: 'worker', expect: byRule('worker', {}, { status: 200, own: (b) => expect(b.sharePercent).toBe(70) }) },
  { method: 'GET', path: '/api/worker/earnings.csv', access: 'worker', expect: byRule('worker', {}, { status: 200, own: (b) => expect(String(b).split('\n')[0]).toBe('date,reference,service,labour,share,tip,earnings') }) },
  { method: 'GET', path: '/api/admin/workers/{id}/earnings', url: '/api/admin/workers/{worker}/earnings', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.sharePercent).toBe(70) } }, 0) },
  {
    method: 'PUT',
    path: '/api/worker/availability',
    access: 'worker',
    body: { weekly: WEEK, timeOff: [{ startsOn: '2026-12-25', endsOn: '2026-12-25' }] },
    owner: 'worker',
    state: (ctx) => ctx.read('worker', '/api/worker/profile'),
    expect: byRule('worker', {}, { status: 200, own: (b) => expect(b.timeOff).toMatchObject([{ startsOn: '2026-12-25' }]) }),
  },
  {
    method: 'PATCH',
    path: '/api/worker/settings',
    access: 'worker',
    body: { notifyEmail: false },
    owner: 'worker',
    state: (ctx) => ctx.read('worker', '/api/worker/profile'),
    expect: byRule('worker', {}, { status: 200, own: (b) => expect(b.notifyEmail).toBe(false) }),
  },
  {
    method: 'GET',
    path: '/api/worker/jobs',
    access: 'worker',
    expect: byRule(
      'worker',
      {
        worker: { status: 200, own: (b, ctx) => expect(idsOf(b.jobs).sort()).toEqual([ctx.ids.booking, ctx.ids.flowJob, ctx.ids.declineJob, ctx.ids.photoJob].sort()) },
        'other worker': { status: 200, own: (b, ctx) => {
          expect(idsOf(b.jobs)).toContain(ctx.ids.otherJob);
          expect(idsOf(b.jobs)).not.toContain(ctx.ids.booking);
          expect(idsOf(b.jobs)).not.toContain(ctx.ids.flowJob);
        } },
      },
      0,
    ),
  },
  ...(['accept', 'on-my-way', 'start', 'complete'] as const).map(
    (move): MatrixRow => ({
      method: 'POST',
      path: `/api/worker/jobs/{id}/${move}`,
      url: `/api/worker/jobs/{flowJob}/${move}`,
      access: 'assigned_worker',
      body: move === 'on-my-way' ? { etaMinutes: 20 } : move === 'complete' ? {} : undefined,
      owner: 'worker',
      state: bookingState('flowJob'),
      // within the start window (two hours before 21:00 UTC), and complete 30 minutes after the start
      at: move === 'complete' ? at(23, '20:30') : at(23, '20:00'),
      expect: byRule('assigned_worker', {}, { status: 200, own: (b, ctx) => expect(b.id).toBe(ctx.ids.flowJob) }),
    }),
  ),
  {
    method: 'POST',
    path: '/api/worker/jobs/{id}/decline',
    url: '/api/worker/jobs/{declineJob}/decline',
    access: 'assigned_worker',
    body: { reason: 'schedule_conflict', note: 'Matrix decline' },
    owner: 'worker',
    state: bookingState('declineJob'),
    expect: byRule('assigned_worker', {}, 204),
  },
  {
    method: 'POST',
    path: '/api/worker/jobs/{id}/photos',
    url: '/api/worker/jobs/{photoJob}/photos',
    access: 'assigned_worker',
    body: { uploadId: '{workerUpload}', phase: 'before' },
    owner: 'worker',
    state: (ctx) => ctx.t.deps.db.select().from(jobPhotos).where(eq(jobPhotos.bookingId, ctx.ids.photoJob!)),
    expect: byRule('assigned_worker', {}, 201),
  },
  {
    method: 'GET',
    path: '/api/bookings/{id}/photos',
    url: '/api/bookings/{booking}/photos',
    access: 'signed_in',
    // the booking's customer, its worker and admins; 404 for anyone else
    expect: { anonymous: 401, customer: 200, 'other customer': 404, worker: 200, 'other worker': 404, admin: 200 },
  },

  // -- admin: dispatch
  {
    method: 'GET',
    path: '/api/admin/bookings',
    url: '/api/admin/bookings?view=upcoming',
    access: 'admin',
    expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(idsOf(b.bookings)).toContain(ctx.ids.booking) } }, 0),
  },
  { method: 'GET', path: '/api/admin/bookings/{id}', url: '/api/admin/bookings/{booking}', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(b.booking.id).toBe(ctx.ids.booking) } }, 0) },
  { method: 'POST', path: '/api/admin/bookings/{id}/contacted', url: '/api/admin/bookings/{booking}/contacted', access: 'admin', owner: 'admin', state: bookingState('booking'), expect: byRule('admin', { admin: 200 }, 0) },
  {
    method: 'POST',
    path: '/api/admin/bookings/{id}/assign',
    url: '/api/admin/bookings/{toAssign}/assign',
    access: 'admin',
    body: { workerId: '{spare}' },
    owner: 'admin',
    state: bookingState('toAssign'),
    expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.status).toBe('confirmed') } }, 0),
  },
  { method: 'POST', path: '/api/admin/bookings/{id}/eta', url: '/api/admin/bookings/{toAssign}/eta', access: 'admin', body: { etaAt: at(24, '19:00') }, owner: 'admin', state: bookingState('toAssign'), expect: byRule('admin', { admin: 200 }, 0) },
  {
    method: 'POST',
    path: '/api/admin/bookings/{id}/reschedule',
    url: '/api/admin/bookings/{toAssign}/reschedule',
    access: 'admin',
    body: { startAt: at(25, '17:00') },
    owner: 'admin',
    state: bookingState('toAssign'),
    expect: byRule('admin', { admin: 200 }, 0),
  },
  // -- admin: money (each on its own booking)
  { method: 'POST', path: '/api/admin/bookings/{id}/cancel', url: '/api/admin/bookings/{adminCancel}/cancel', access: 'admin', body: { waiveFee: true, reason: 'matrix' }, owner: 'admin', state: bookingState('adminCancel'), expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.status).toBe('cancelled') } }, 0) },
  { method: 'POST', path: '/api/admin/bookings/{id}/no-show', url: '/api/admin/bookings/{noShow}/no-show', access: 'admin', owner: 'admin', state: bookingState('noShow'), expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.status).toBe('no_show') } }, 0) },
  { method: 'POST', path: '/api/admin/bookings/{id}/complete', url: '/api/admin/bookings/{adminMoney}/complete', access: 'admin', body: {}, owner: 'admin', state: bookingState('adminMoney'), expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.status).toBe('completed') } }, 0) },
  { method: 'POST', path: '/api/admin/bookings/{id}/refund', url: '/api/admin/bookings/{adminMoney}/refund', access: 'admin', body: { amountCents: 100, reason: 'matrix refund' }, owner: 'admin', state: bookingState('adminMoney'), expect: byRule('admin', { admin: 200 }, 0) },
  // nothing waits for approval on this booking: the admin is let in and refused by the state (409), nothing changes
  { method: 'POST', path: '/api/admin/bookings/{id}/approve-final', url: '/api/admin/bookings/{booking}/approve-final', access: 'admin', state: bookingState('booking'), expect: byRule('admin', { admin: 409 }, 0) },
  // -- admin: workers, mail, people
  { method: 'GET', path: '/api/admin/workers/{id}/reviews', url: '/api/admin/workers/{worker}/reviews', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b).toEqual({ rating: { average: null, count: 0 }, reviews: [] }) } }, 0) },
  // no review in the fixtures: an unknown review is 404 for admins (reviews.test.ts covers hiding one)
  { method: 'POST', path: '/api/admin/reviews/{id}/hide', url: '/api/admin/reviews/00000000-0000-4000-8000-000000000000/hide', access: 'admin', body: { reason: 'Matrix' }, expect: byRule('admin', { admin: 404 }, 0) },
  { method: 'GET', path: '/api/admin/workers', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(idsOf(b.workers)).toEqual(expect.arrayContaining([ctx.ids.worker, ctx.ids.spare])) } }, 0) },
  { method: 'GET', path: '/api/admin/customers/{id}/history', url: '/api/admin/customers/{customer}/history', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(b.customer.id).toBe(ctx.ids.customer) } }, 0) },
  { method: 'GET', path: '/api/admin/calendar', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b) => expect(Array.isArray(b.workers) && Array.isArray(b.jobs)).toBe(true) } }, 0) },
  {
    method: 'PATCH',
    path: '/api/admin/workers/{id}',
    url: '/api/admin/workers/{idleWorker}',
    access: 'admin',
    body: { active: false },
    owner: 'admin',
    state: async (ctx) => (await ctx.t.deps.db.select().from(workerProfiles).where(eq(workerProfiles.userId, ctx.ids.idleWorker!)))[0],
    expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(b).toEqual({ id: ctx.ids.idleWorker, active: false }) } }, 0),
  },
  { method: 'GET', path: '/api/admin/outbox', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b) => expect(Array.isArray(b.messages)).toBe(true) } }, 0) },
  { method: 'GET', path: '/api/admin/worker-applications', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(idsOf(b.applications)).toContain(ctx.ids.application) } }, 0) },
  { method: 'GET', path: '/api/admin/worker-applications/{id}', url: '/api/admin/worker-applications/{application}', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(b.id).toBe(ctx.ids.application) } }, 0) },
  {
    method: 'POST',
    path: '/api/admin/worker-applications/{id}/approve',
    url: '/api/admin/worker-applications/{toApprove}/approve',
    access: 'admin',
    owner: 'admin',
    state: roleOf('approvedApplicant'),
    expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.status).toBe('approved') } }, 0),
  },
  {
    method: 'POST',
    path: '/api/admin/worker-applications/{id}/reject',
    url: '/api/admin/worker-applications/{application}/reject',
    access: 'admin',
    body: { reason: 'Not now.' },
    owner: 'admin',
    state: customerRead('/api/worker-applications/mine'),
    expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.status).toBe('rejected') } }, 0),
  },
  { method: 'GET', path: '/api/admin/users', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.users.length).toBeGreaterThan(0) } }, 0) },
  {
    method: 'PATCH',
    path: '/api/admin/users/{id}/role',
    url: '/api/admin/users/{bystander}/role',
    access: 'admin',
    body: { role: 'admin' },
    owner: 'admin',
    state: roleOf('bystander'),
    expect: byRule('admin', { admin: { status: 200, own: async (b, ctx) => expect(await roleOf('bystander')(ctx)).toEqual(['admin']) } }, 0),
  },
  { method: 'POST', path: '/api/admin/users/{id}/disable', url: '/api/admin/users/{toDisable}/disable', access: 'admin', owner: 'admin', state: adminUser('to-disable@example.com'), expect: byRule('admin', { admin: 200 }, 0) },
  { method: 'POST', path: '/api/admin/users/{id}/enable', url: '/api/admin/users/{disabled}/enable', access: 'admin', owner: 'admin', state: adminUser('disabled@example.com'), expect: byRule('admin', { admin: 200 }, 0) },

  // -- the error log (issue #11): anyone logs (as themselves: the user comes from the session), any signed-in user reads the counts, admins the rest
  {
    method: 'POST',
    path: '/api/errors',
    access: 'anonymous',
    body: { error_message: 'Access matrix check', error_type: 'TypeError', severity: 'warning', user_id: 'someone-else' },
    expect: everyone({
      status: 201,
      own: async (b, ctx, me) => {
        const entry = await ctx.read('admin', `/api/admin/errors/${b.id}`);
        expect(entry.user_id).toBe(me === 'anonymous' ? null : ctx.callers[me as SignedIn].userId);
      },
    }),
  },
  { method: 'GET', path: '/api/errors/counts', access: 'signed_in', expect: byRule('signed_in', {}, { status: 200, own: (b) => expect(Object.keys(b).sort()).toEqual(['critical', 'total', 'unresolved', 'window']) }) },
  { method: 'GET', path: '/api/admin/errors', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(idsOf(b.entries)).toContain(ctx.ids.errorEntry) } }, 0) },
  { method: 'GET', path: '/api/admin/errors/groups', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(b.groups.map((g: { fingerprint: string }) => g.fingerprint)).toContain(ctx.ids.errorGroup) } }, 0) },
  { method: 'GET', path: '/api/admin/errors/metrics', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.metrics).toHaveLength(7) } }, 0) },
  { method: 'GET', path: '/api/admin/errors/{id}', url: '/api/admin/errors/{errorEntry}', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(b.id).toBe(ctx.ids.errorEntry) } }, 0) },
  {
    method: 'POST',
    path: '/api/admin/errors/{id}/resolve',
    url: '/api/admin/errors/{errorEntry}/resolve',
    access: 'admin',
    owner: 'admin',
    state: async (ctx) => (await ctx.read('admin', `/api/admin/errors/${ctx.ids.errorEntry}`)).resolved,
    expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b).toMatchObject({ resolved: true, changed: true }) } }, 0),
  },
  {
    method: 'POST',
    path: '/api/admin/errors/groups/{fingerprint}/resolve',
    url: '/api/admin/errors/groups/{errorGroup}/resolve',
    access: 'admin',
    owner: 'admin',
    state: async (ctx) => (await ctx.read('admin', `/api/admin/errors?fingerprint=${ctx.ids.errorGroup}`)).entries.map((e: { resolved: boolean }) => e.resolved),
    expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.resolved_count).toBe(2) } }, 0),
  },

  // -- analytics (issue #11): anyone sends events (the user comes from the session, never the body), admins read the reports
  {
    method: 'POST',
    path: '/api/analytics/events',
    access: 'anonymous',
    body: {
      visitorId: '9b2f4c1e-0a7d-4e36-8c55-3f1d2a6b7c80',
      events: [
        { action: 'page_view', category: 'navigation', path: '/access-matrix', occurredAt: NOW.toISOString(), userId: 'someone-else' },
        { action: 'page_view', category: 'navigation', path: '/access-matrix', occurredAt: NOW.toISOString() },
      ],
    },
    expect: everyone({
      status: 200,
      own: async (b, ctx, me) => {
        expect(b).toEqual({ accepted: 1, rejected: [{ index: 0, reasons: [{ field: 'userId', reason: 'unknown_field' }] }], stripped: [] });
        const [row] = await ctx.t.deps.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(1);
        expect(row!.userId).toBe(me === 'anonymous' ? null : ctx.callers[me as SignedIn].userId);
      },
    }),
  },
  ...(['revenue', 'funnel', 'contact', 'chat-responses', 'traffic', 'web-vitals'] as const).map(
    (report): MatrixRow => ({
      method: 'GET',
      path: `/api/admin/analytics/${report}`,
      url: `/api/admin/analytics/${report}?range=7d`,
      access: 'admin',
      expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.period).toEqual({ range: '7d', from: '2026-11-15', to: '2026-11-21', timeZone: 'America/New_York' }) } }, 0),
    }),
  ),

  // -- business settings (issue #12): admins read and save each section; each save changes what the rows' state reads
  { method: 'GET', path: '/api/admin/settings', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.services.map((s: { slug: string }) => s.slug)).toEqual(['tv-installation', 'furniture-assembly', 'painting']) } }, 0) },
  { method: 'GET', path: '/api/admin/settings/history', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b) => expect(Array.isArray(b.entries)).toBe(true) } }, 0) },
  {
    method: 'PUT',
    path: '/api/admin/settings/services/{slug}',
    url: '/api/admin/settings/services/painting',
    access: 'admin',
    body: { version: 1, value: { unitPriceCents: 26000, active: true } },
    owner: 'admin',
    state: adminSettings,
    expect: byRule('admin', { admin: { status: 200, own: async (b, ctx) => {
      expect(b).toMatchObject({ slug: 'painting', value: { unitPriceCents: 26000, active: true }, version: 2 });
      expect((await ctx.read('anonymous', '/api/settings/public')).services[2].unitPriceCents).toBe(26000);
    } } }, 0),
  },
  ...SETTINGS_SECTIONS.map(
    (section): MatrixRow => ({
      method: 'PUT',
      path: `/api/admin/settings/${SETTINGS_SECTION_PATHS[section]}`,
      access: 'admin',
      body: SETTINGS_SAVES[section],
      owner: 'admin',
      state: adminSettings,
      expect: byRule('admin', { admin: { status: 200, own: async (b, ctx) => {
        expect(b).toMatchObject({ version: SETTINGS_SAVES[section].version + 1, updatedBy: { id: ctx.callers.admin.userId } });
        expect((await ctx.read('admin', '/api/admin/settings')).sections[section].value).toEqual(b.value);
      } } }, 0),
    }),
  ),

  // -- chats (issue #13): the customer's conversation about the worker's job; others' ids are 404
  {
    method: 'POST',
    path: '/api/chats',
    access: 'signed_in',
    body: { bookingId: '{booking}' },
    owner: 'customer',
    state: chatState,
    // the customer's open conversation on the booking is answered again; nobody else's booking starts one
    expect: byRule('signed_in', { customer: { status: 200, own: (b, ctx) => expect(b).toMatchObject({ id: ctx.ids.chat, bookingId: ctx.ids.booking }) } }, 404),
  },
  {
    method: 'GET',
    path: '/api/chats',
    access: 'signed_in',
    expect: byRule(
      'signed_in',
      { customer: { status: 200, own: (b, ctx) => expect(idsOf(b.conversations)).toContain(ctx.ids.chat) }, worker: { status: 200, own: (b, ctx) => expect(idsOf(b.conversations)).toEqual([ctx.ids.chat]) } },
      { status: 200, own: (b, ctx) => expect(idsOf(b.conversations)).not.toContain(ctx.ids.chat) },
    ),
  },
  {
    method: 'GET',
    path: '/api/chats/{id}/messages',
    url: '/api/chats/{chat}/messages',
    access: 'chat_participant',
    expect: byRule('chat_participant', { customer: chatMessagesSeen(false), worker: chatMessagesSeen(false), admin: chatMessagesSeen(true) }, 404),
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/messages',
    url: '/api/chats/{chat}/messages',
    access: 'chat_participant',
    body: { body: 'Matrix hello' },
    owner: 'customer',
    state: chatState,
    expect: byRule('chat_participant', { customer: chatSent('customer'), worker: { ...chatSent('worker'), changes: true }, admin: { ...chatSent('admin'), changes: true } }, 404),
  },
  {
    method: 'POST',
    path: '/api/chats/{id}/read',
    url: '/api/chats/{chat}/read',
    access: 'chat_participant',
    body: { seq: 0 },
    expect: byRule('chat_participant', { customer: { status: 200, own: (b, ctx) => expect(b.conversationId).toBe(ctx.ids.chat) }, worker: 200, admin: 200 }, 404),
  },
  // typing stores nothing: its participants get 204 (chat-activity.test.ts proves who hears it)
  {
    method: 'POST',
    path: '/api/chats/{id}/typing',
    url: '/api/chats/{chat}/typing',
    access: 'chat_participant',
    expect: byRule('chat_participant', { customer: 204, worker: 204, admin: 204 }, 404),
  },
  {
    method: 'GET',
    path: '/api/chats/{id}/attachments/{uploadId}',
    url: '/api/chats/{chat}/attachments/{upload}',
    access: 'chat_participant',
    expect: byRule('chat_participant', { customer: 200, worker: 200, admin: 200 }, 404),
  },
  // guests (signed out, chat_guest cookie; chat-guests.test.ts): the matrix's callers hold no such cookie, so each starts one
  {
    method: 'POST',
    path: '/api/chats/guest',
    access: 'anonymous',
    body: { name: 'Matrix Guest', email: 'matrix-guest@example.com' },
    expect: everyone({ status: 201, own: (b) => expect(b).toMatchObject({ guest: true, customer: { id: null, name: 'Matrix Guest', email: 'matrix-guest@example.com' } }) }),
  },
  { method: 'GET', path: '/api/chats/guest', access: 'anonymous', expect: everyone(404) },
  // canned replies (admins)
  { method: 'GET', path: '/api/admin/chat-replies', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(idsOf(b.replies)).toContain(ctx.ids.cannedReply) } }, 0) },
  {
    method: 'POST',
    path: '/api/admin/chat-replies',
    access: 'admin',
    body: { title: 'Matrix added', bodyEn: 'Hello', bodyEs: 'Hola' },
    owner: 'admin',
    state: cannedState,
    expect: byRule('admin', { admin: { status: 201, own: (b) => expect(b).toMatchObject({ title: 'Matrix added', bodyEn: 'Hello', bodyEs: 'Hola' }) } }, 0),
  },
  {
    method: 'PUT',
    path: '/api/admin/chat-replies/{id}',
    url: '/api/admin/chat-replies/{cannedReply}',
    access: 'admin',
    body: { title: 'Matrix greeting', bodyEn: 'Hi there', bodyEs: 'Hola' },
    owner: 'admin',
    state: cannedState,
    expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(b).toMatchObject({ id: ctx.ids.cannedReply, bodyEn: 'Hi there' }) } }, 0),
  },
  {
    method: 'DELETE',
    path: '/api/admin/chat-replies/{id}',
    url: '/api/admin/chat-replies/{cannedToDelete}',
    access: 'admin',
    owner: 'admin',
    state: cannedState,
    expect: byRule('admin', { admin: 204 }, 0),
  },
  { method: 'GET', path: '/api/admin/chats', access: 'admin', expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(idsOf(b.conversations)).toContain(ctx.ids.chat) } }, 0) },
  {
    method: 'POST',
    path: '/api/admin/chats/{id}/assign',
    url: '/api/admin/chats/{chat}/assign',
    access: 'admin',
    body: { adminId: '{admin}' },
    owner: 'admin',
    state: chatState,
    expect: byRule('admin', { admin: { status: 200, own: (b, ctx) => expect(b.assignedAdmin.id).toBe(ctx.ids.admin) } }, 0),
  },
  ...(['close', 'reopen'] as const).map(
    (action): MatrixRow => ({
      method: 'POST',
      path: `/api/admin/chats/{id}/${action}`,
      url: `/api/admin/chats/{chat}/${action}`,
      access: 'admin',
      owner: 'admin',
      state: chatState,
      expect: byRule('admin', { admin: { status: 200, own: (b) => expect(b.status).toBe(action === 'close' ? 'closed' : 'open') } }, 0),
    }),
  ),

  // Last: deleting an account. Staff accounts are not deleted by their owner; the customer still has open bookings.
  {
    method: 'DELETE',
    path: '/api/account',
    access: 'signed_in',
    body: { confirm: 'DELETE' },
    owner: 'other customer',
    state: async (ctx) => ({ me: (await ctx.read('customer', '/api/me')).user, addresses: await ctx.read('customer', '/api/account/addresses') }),
    expect: byRule(
      'signed_in',
      {
        customer: { status: 409, own: (b) => expect(b.code).toBe('upcoming_bookings') },
        'other customer': { status: 200, own: async (b, ctx) => {
          expect(b).toEqual({ deleted: true });
          expect((await ctx.read('other customer', '/api/me')).user).toBeNull();
        } },
      },
      { status: 409, own: (b) => expect(b.code).toBe('staff_account') },
    ),
  },
];

/**
 * Writes that take no body by design, so the PUT/PATCH-without-requestBody check lets them pass.
 * Each must stay a documented PUT/PATCH without a body (else the test fails: take it off).
 */
export const BODYLESS_WRITES: string[] = [
  // makes the card in the path the default: nothing else to say
  'PUT /api/account/payment-methods/{id}/default',
];

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

describe(`API access matrix, every route x six callers (${databaseKind})`, () => {
  let t: TestApp;
  const callers = {} as Record<SignedIn, Caller>;
  const ids: Record<string, string> = {};
  let photo: Buffer;
  let n = 0;

  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (_, key: string) => {
      if (!(key in ids)) throw new Error(`no fixture for {${key}}`);
      return ids[key]!;
    });
  const cookieOf = (name: CallerName) => (name === 'anonymous' ? undefined : callers[name].cookie);
  const read = async (name: CallerName, path: string) => {
    const response = await t.request(fill(path), { cookie: cookieOf(name) });
    expect(response.status, `${name} GET ${path}`).toBe(200);
    return response.json();
  };
  const ctx = (): Ctx => ({ t, ids, callers, read });

  async function call(row: MatrixRow, caller: CallerName, c: Cell): Promise<Response> {
    const headers: Record<string, string> = { 'X-Forwarded-For': `198.51.100.${(n % 200) + 1}` };
    if (row.method !== 'GET') headers['Idempotency-Key'] = `access-matrix-${++n}-${caller.replace(' ', '-')}`;
    const url = fill(row.url ?? row.path);
    if (row.multipart) {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
      return t.request(url, { method: row.method, cookie: cookieOf(caller), headers, body: form });
    }
    if (row.stream) {
      const abort = new AbortController();
      const response = await t.request(url, { cookie: cookieOf(caller), headers, signal: abort.signal });
      if (response.status === 200) {
        expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
        const reader = response.body!.getReader();
        expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
        abort.abort();
        await reader.cancel();
        return new Response(null, { status: 200 });
      }
      return response;
    }
    const body = c.body ?? row.body;
    return t.request(url, { method: row.method, cookie: cookieOf(caller), headers, json: body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body))) });
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.deps.db;
    const money = moneyActors(t);
    const signUp = async (email: string, name: string) => ({ ...(await t.signUp(email, { name })), email });
    callers.customer = await signUp('carla@example.com', 'Carla Customer');
    callers['other customer'] = await signUp('olga@example.com', 'Olga Other');
    callers.worker = await signUp('wes@example.com', 'Wes Worker');
    callers['other worker'] = await signUp('wanda@example.com', 'Wanda Worker');
    callers.admin = await signUp('boss@example.com', 'Boss Admin');
    await makeWorker(db, callers.worker.userId);
    await makeWorker(db, callers['other worker'].userId);
    await db.insert(userRoles).values({ userId: callers.admin.userId, role: 'admin' });
    [ids.spare, ids.idleWorker] = (await t.addWorkers(2)) as [string, string];
    ids.worker = callers.worker.userId;
    ids.customer = callers.customer.userId;
    const customer = callers.customer.cookie;
    const admin = callers.admin.cookie;
    const ok = async (response: Response | Promise<Response>, status = 200) => {
      const r = await response;
      const text = await r.text();
      expect(r.status, text).toBe(status);
      return text ? JSON.parse(text) : null;
    };

    // the customer's saved things
    ids.address = (await ok(t.request('/api/account/addresses', { method: 'POST', cookie: customer, json: HOME }), 201)).id;
    ids.spareAddress = (await ok(t.request('/api/account/addresses', { method: 'POST', cookie: customer, json: { ...HOME, street: '200 N Tampa St' } }), 201)).id;
    await ok(t.request('/api/account/preferences', { method: 'PUT', cookie: customer, json: { email: false, sms: true } }));
    ids.application = (await ok(t.request('/api/worker-applications', { method: 'POST', cookie: customer, json: APPLICATION }), 201)).id;
    photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#8a5a2b' } }).jpeg().toBuffer();
    const form = new FormData();
    form.set('file', new File([new Uint8Array(photo)], 'photo.jpg', { type: 'image/jpeg' }));
    ids.upload = (await ok(t.request('/api/uploads', { method: 'POST', cookie: customer, body: form }), 201)).id;
    const workerForm = new FormData();
    workerForm.set('file', new File([new Uint8Array(photo)], 'job.jpg', { type: 'image/jpeg' }));
    ids.workerUpload = (await ok(t.request('/api/uploads', { method: 'POST', cookie: callers.worker.cookie, body: workerForm }), 201)).id;
    ids.card = await money.card(customer);
    // Another card number (the same one would be kept as one saved card), saved without a booking.
    ids.spareCard = await money.card(customer, '5555555555554444');
    await t.deps.gateway.saveCard({ customerId: callers.customer.userId, customerEmail: callers.customer.email, paymentMethodId: ids.spareCard, idempotencyKey: 'matrix-spare-card' });
    ids.bookingCard = await money.card(customer);

    // the customer's bookings: Monday's three jobs (two for the worker, one for the other worker), and one per destructive row
    const book = async (startAt: string, paymentMethodId?: string) => {
      const r = await money.book(customer, TV_OPTIONS, startAt, paymentMethodId ? { paymentMethodId } : {});
      return (await ok(r, 201)).id as string;
    };
    const assign = (id: string, workerId: string) => ok(t.request(`/api/admin/bookings/${id}/assign`, { method: 'POST', cookie: admin, json: { workerId } }));
    ids.booking = await book(at(23, '15:00'), ids.card);
    ids.otherJob = await book(at(23, '18:00'));
    ids.flowJob = await book(at(23, '21:00'));
    await assign(ids.booking, callers.worker.userId);
    await assign(ids.otherJob, callers['other worker'].userId);
    await assign(ids.flowJob, callers.worker.userId);
    ids.declineJob = await book(at(25, '15:00'));
    await assign(ids.declineJob, callers.worker.userId);
    // a job in progress for the worker's photos, and an upload of theirs to attach
    ids.photoJob = await book(at(25, '17:00'));
    await assign(ids.photoJob, callers.worker.userId);
    t.setNow(new Date(at(25, '16:30')));
    await ok(t.request(`/api/worker/jobs/${ids.photoJob}/start`, { method: 'POST', cookie: callers.worker.cookie }));
    t.setNow(NOW);
    ids.toCancel = await book(at(24, '13:00'));
    ids.toReschedule = await book(at(24, '15:00'));
    ids.adminCancel = await book(at(24, '17:00'));
    ids.toAssign = await book(at(24, '19:00'));
    ids.adminMoney = await book(at(24, '21:00'));
    await assign(ids.adminMoney, callers['other worker'].userId);
    t.setNow(new Date(at(24, '20:00'))); // within its start window
    await ok(t.request(`/api/worker/jobs/${ids.adminMoney}/start`, { method: 'POST', cookie: callers['other worker'].cookie }));
    t.setNow(NOW);
    ids.noShow = await book(at(24, '23:00'));
    await assign(ids.noShow, callers['other worker'].userId);
    // a hold waiting for the customer's 3-D Secure step
    const secure = await money.book(customer, TV_OPTIONS, at(25, '20:00'), { paymentMethodId: await money.card(customer, '4000002500003155') });
    ids.clientSecret = (await ok(secure, 402)).details.clientSecret;

    // applicants and accounts for the admin's people rows
    const applicant = await t.signUp('applicant@example.com');
    ids.approvedApplicant = applicant.userId;
    ids.toApprove = (await ok(t.request('/api/worker-applications', { method: 'POST', cookie: applicant.cookie, json: APPLICATION }), 201)).id;
    ids.bystander = (await t.signUp('bystander@example.com')).userId;
    ids.toDisable = (await t.signUp('to-disable@example.com')).userId;
    ids.disabled = (await t.signUp('disabled@example.com')).userId;
    await ok(t.request(`/api/admin/users/${ids.disabled}/disable`, { method: 'POST', cookie: admin }));

    // error log entries: one to read and resolve, a group of two to resolve at once
    ids.errorEntry = (await ok(t.request('/api/errors', { method: 'POST', cookie: customer, json: { error_message: 'Matrix entry', error_type: 'RangeError' } }), 201)).id;
    for (let i = 0; i < 2; i++) ids.errorGroup = (await ok(t.request('/api/errors', { method: 'POST', json: { error_message: `Matrix group ${i}`, error_type: 'SyntaxError' } }), 201)).fingerprint;

    // a chat about the worker's job: the customer's question and an admin's internal note
    ids.admin = callers.admin.userId;
    ids.chat = (await ok(t.request('/api/chats', { method: 'POST', cookie: customer, json: { bookingId: ids.booking } }), 201)).id;
    await ok(t.request(`/api/chats/${ids.chat}/messages`, { method: 'POST', cookie: customer, json: { body: 'Matrix question', attachmentId: ids.upload }, headers: { 'Idempotency-Key': 'matrix-chat-question' } }), 201);
    await ok(t.request(`/api/chats/${ids.chat}/messages`, { method: 'POST', cookie: admin, json: { body: 'Matrix note', internal: true }, headers: { 'Idempotency-Key': 'matrix-chat-note' } }), 201);
    ids.cannedReply = (await ok(t.request('/api/admin/chat-replies', { method: 'POST', cookie: admin, json: { title: 'Matrix greeting', bodyEn: 'Hello', bodyEs: 'Hola' } }), 201)).id;
    ids.cannedToDelete = (await ok(t.request('/api/admin/chat-replies', { method: 'POST', cookie: admin, json: { title: 'Matrix to delete', bodyEn: 'Bye', bodyEs: 'Adiós' } }), 201)).id;
  });
  afterAll(() => t?.close());

  describe.each(ACCESS_MATRIX.map((row) => [keyOf(row.method, row.path), row] as const))('%s', (_, row) => {
    // everyone else first, the owner (whose call may change the state) last
    const order = [...CALLERS.filter((c) => c !== row.owner), ...(row.owner ? [row.owner] : [])];
    it.each(order.map((caller) => [caller, cell(row.expect[caller]).status] as const))('%s -> %i', async (caller) => {
      const c = cell(row.expect[caller]);
      const mayChange = c.changes ?? (caller === row.owner && c.status >= 200 && c.status < 300);
      const before = row.state && !mayChange ? await row.state(ctx()) : undefined;
      if (row.at) t.setNow(new Date(row.at));
      const response = await call(row, caller, c).finally(() => t.setNow(NOW));
      const text = await response.text();
      expect(response.status, text.slice(0, 500)).toBe(c.status);
      if (c.own) await c.own(text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, ctx(), caller);
      if (row.state && !mayChange) expect(await row.state(ctx())).toEqual(before);
    });
  });
});

describe(`route coverage: the document, the registered routes and the matrix (${databaseKind})`, () => {
  type Operation = { 'x-access'?: string; requestBody?: unknown; parameters?: { in: string; name: string }[] };
  let t: TestApp;
  let documented: Map<string, Operation>;
  let registered: Set<string>;
  const matrix = new Map(ACCESS_MATRIX.map((row) => [keyOf(row.method, row.path), row]));

  beforeAll(async () => {
    t = await createTestApp();
    const document = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> };
    documented = new Map();
    for (const [path, item] of Object.entries(document.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/auth/')) continue;
      for (const [method, operation] of Object.entries(item)) {
        if (['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(method)) documented.set(keyOf(method, path), operation);
      }
    }
    registered = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && (r.path === '/api' || r.path.startsWith('/api/')) && !r.path.startsWith('/api/auth/') && r.path !== '/api/auth')
        .map((r) => keyOf(r.method, r.path.replace(/:(\w+)/g, '{$1}').replace(/(.)\/$/, '$1'))),
    );
  });
  afterAll(() => t?.close());

  it('declares every documented operation with an access rule, its path parameters and (PUT/PATCH) its body', () => {
    const problems: string[] = [];
    for (const [key, operation] of documented) {
      const [method, path] = key.split(' ') as [string, string];
      if (!operation['x-access'] || !(operation['x-access'] in ACCESS_RULES)) problems.push(`${key}: x-access ${String(operation['x-access'])} is not one of the rules`);
      const declared = new Set((operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name));
      for (const [, name] of path.matchAll(/\{(\w+)\}/g)) if (!declared.has(name!)) problems.push(`${key}: path parameter {${name}} is not declared`);
      if ((method === 'PUT' || method === 'PATCH') && !operation.requestBody && !BODYLESS_WRITES.includes(key)) problems.push(`${key}: a ${method} without a requestBody`);
    }
    for (const key of BODYLESS_WRITES) if (!documented.has(key) || documented.get(key)!.requestBody) problems.push(`${key} is in BODYLESS_WRITES but is not a documented write without a body`);
    expect(problems).toEqual([]);
  });

  it('has a matrix row for every documented operation, with the same access rule', () => {
    const problems: string[] = [];
    for (const [key, operation] of documented) {
      const row = matrix.get(key);
      if (!row) problems.push(`${key}: no row in ACCESS_MATRIX`);
      else if (row.access !== operation['x-access']) problems.push(`${key}: x-access ${operation['x-access']} but the matrix proves ${row.access}`);
    }
    expect(problems).toEqual([]);
  });

  it('has a matrix row for every registered route, and no row for a route that does not exist', () => {
    expect([...registered].filter((key) => !matrix.has(key))).toEqual([]);
    expect([...matrix.keys()].filter((key) => !registered.has(key))).toEqual([]);
    expect(ACCESS_MATRIX.length).toBe(matrix.size); // one row per route
  });

  it("gives each row's refused callers its rule's refusal", () => {
    const problems: string[] = [];
    for (const row of ACCESS_MATRIX) {
      const key = keyOf(row.method, row.path);
      for (const [caller, status] of Object.entries(refusalsOf(row.access)) as [CallerName, number][]) {
        const expected = WORDED_REFUSALS[key] ?? status;
        const actual = cell(row.expect[caller]).status;
        // a signed_in route may still answer 404 for someone else's thing named in its path
        if (actual !== expected && !((row.access === 'signed_in' || row.access === 'chat_participant') && actual === 404 && row.path.includes('{'))) problems.push(`${key} ${caller}: ${actual}, the rule says ${expected}`);
      }
      for (const caller of CALLERS) if (cell(row.expect[caller]).status === 0) problems.push(`${key} ${caller}: no status`);
    }
    expect(problems).toEqual([]);
  });

  it('documents every registered route under /api', () => {
    const undocumented = [...registered].filter((key) => !documented.has(key)).sort();
    expect(undocumented, 'registered, not in the OpenAPI document').toEqual([]);
    // and nothing is documented that the app does not serve
    expect([...documented.keys()].filter((key) => !registered.has(key))).toEqual([]);
  });
});
