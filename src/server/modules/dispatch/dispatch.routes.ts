/**
 * The admin's dispatch API (issue #4), under /api/admin: the board, a booking's detail with its
 * timeline and assignable workers, first contact, assignment, ETA, staff reschedule, and the
 * workers list with their active switch. Admins only (401/403 otherwise). Money actions are in
 * src/server/modules/admin/admin-bookings.routes.ts.
 *
 * Declared with the API contract (docs/decisions/013-api-contract.md): the schemas are
 * src/domain/dispatch-contract.ts; handlers read only `c.req.valid(...)`.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  adminWorkerListSchema,
  assignWorkerRequestSchema,
  dispatchBookingDetailSchema,
  dispatchBookingListSchema,
  dispatchBookingSchema,
  dispatchListQuerySchema,
  setEtaRequestSchema,
  staffRescheduleRequestSchema,
  workerActiveRequestSchema,
  workerActiveSchema,
  type AdminWorker,
} from '../../../domain/dispatch-contract';
import { textIdSchema } from '../../../domain/ids';
import { workerRatings } from '../reviews/reviews.service';
import type { ServiceSlug } from '../../../domain/services';
import { businessDay } from '../../../domain/slots';
import { bookings, user, workerProfiles, workerSkills, workerTimeOff } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';
import { notFound } from '../../lib/errors';
import { apiRouter, callerOf, defineRoute, errorResponses, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { requestContext } from '../../lib/request-context';
import { readBooking } from '../bookings/booking-transitions';
import { rescheduleBooking } from '../bookings/reschedule.service';
import { loadWorkers } from '../workers/capacity.repository';
import { announceCapacityChange } from '../workers/capacity-caches';
import { assignableFor, assignWorker, bookingTimeline, listDispatch, markContacted, setEta, withCustomers } from './dispatch.service';

const BOARD = ['Admin: dispatch'];
const answered = jsonContent(dispatchBookingSchema, 'The booking as dispatch sees it now');

const listRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'admin',
  tags: BOARD,
  summary: "The board: one view's bookings, optionally searched",
  description: 'Views: today, upcoming, unassigned, in_progress, completed, cancelled. `q` matches the customer name, email, phone (3+ digits) or the booking reference. Up to 200 rows.',
  request: { query: dispatchListQuerySchema },
  responses: { 200: jsonContent(dispatchBookingListSchema, 'The bookings of the view'), ...errorResponses(400, 401, 403) },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/{id}',
  access: 'admin',
  tags: BOARD,
  summary: 'One booking with its timeline, the workers who may take it and its photo',
  request: { params: idParams },
  responses: { 200: jsonContent(dispatchBookingDetailSchema, 'The booking, its events (oldest first), its assignable workers'), ...errorResponses(401, 403, 404) },
});

const contactedRoute = defineRoute({
  method: 'post',
  path: '/{id}/contacted',
  access: 'admin',
  tags: BOARD,
  summary: 'Record the first contact with the customer',
  description: 'The 5-10 minute promise: a later call keeps the first time.',
  request: { params: idParams },
  responses: { 200: answered, ...errorResponses(401, 403, 404, 415) },
});

const assignRoute = defineRoute({
  method: 'post',
  path: '/{id}/assign',
  access: 'admin',
  tags: BOARD,
  summary: 'Give the job to a worker, with the expected arrival if known',
  description: 'A pending booking becomes confirmed. 409 `worker_unavailable` for a worker who lacks the skill, is off shift or has another job too close; 409 `not_assignable` once the job is under way (`details.status`).',
  request: { params: idParams, body: jsonBody(assignWorkerRequestSchema) },
  responses: { 200: answered, ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const etaRoute = defineRoute({
  method: 'post',
  path: '/{id}/eta',
  access: 'admin',
  tags: BOARD,
  summary: 'Set or change the expected arrival',
  description: '422 `not_assignable` when the job has no worker or is no longer confirmed or on the way.',
  request: { params: idParams, body: jsonBody(setEtaRequestSchema) },
  responses: { 200: answered, ...errorResponses(400, 401, 403, 404, 409, 415, 422) },
});

const rescheduleRoute = defineRoute({
  method: 'post',
  path: '/{id}/reschedule',
  access: 'admin',
  tags: BOARD,
  summary: 'Move the job to another offered start',
  description: "Staff are not bound by the customer's 24 hour rule. 409 `slot_unavailable` when the start is not offered; when the worker is not free at the new time the job goes back to dispatch.",
  request: { params: idParams, body: jsonBody(staffRescheduleRequestSchema) },
  responses: { 200: answered, ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const WORKERS = ['Admin: workers'];

const workersRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'admin',
  tags: WORKERS,
  summary: 'Every worker with skills, availability, time off and job counts',
  responses: { 200: jsonContent(adminWorkerListSchema, 'The workers, by name'), ...errorResponses(401, 403) },
});

const workerActiveRoute = defineRoute({
  method: 'patch',
  path: '/{id}',
  access: 'admin',
  tags: WORKERS,
  summary: 'Switch a worker on or off for new assignments',
  description: 'Inactive workers get no new assignments and offer no capacity; their jobs stay with them.',
  request: { params: z.object({ id: textIdSchema() }), body: jsonBody(workerActiveRequestSchema) },
  responses: { 200: jsonContent(workerActiveSchema, 'The worker and their switch'), ...errorResponses(400, 401, 403, 404, 415) },
});

/** The booking as dispatch sees it now. */
async function answer(c: Context<AppEnv>, id: string) {
  const { view } = await requestContext(c);
  const [booking] = await withCustomers(c.var.deps.db, [id], view.now, view);
  return c.json(booking!, 200);
}

export const dispatchBookingsRoutes = apiRouter()
  .openapi(listRoute, async (c) => {
    const { view: board, q } = c.req.valid('query');
    const { view } = await requestContext(c);
    return c.json({ bookings: await listDispatch(c.var.deps.db, { view: board, q, now: view.now, viewContext: view }) }, 200);
  })
  .openapi(detailRoute, async (c) => {
    const booking = await readBooking(c.var.deps.db, c.req.valid('param').id);
    const { view, settings } = await requestContext(c);
    const db = c.var.deps.db;
    const [[detail], events, assignable] = await Promise.all([
      withCustomers(db, [booking.id], view.now, view),
      bookingTimeline(db, booking.id),
      ['pending', 'confirmed'].includes(booking.status) ? assignableFor(db, booking, settings.slotRules) : Promise.resolve([]),
    ]);
    return c.json({ booking: detail!, events, assignableWorkers: assignable, photoUrl: booking.photoUploadId ? `/api/uploads/${booking.photoUploadId}` : null }, 200);
  })
  .openapi(contactedRoute, async (c) => {
    const admin = callerOf(c);
    const booking = await readBooking(c.var.deps.db, c.req.valid('param').id);
    await markContacted(c.var.deps.db, booking.id, c.var.deps.now(), { userId: admin.id, role: 'admin' });
    return answer(c, booking.id);
  })
  .openapi(assignRoute, async (c) => {
    const admin = callerOf(c);
    const booking = await readBooking(c.var.deps.db, c.req.valid('param').id);
    const body = c.req.valid('json');
    const { settings } = await requestContext(c);
    await assignWorker(c.var.deps.db, booking.id, { workerId: body.workerId, etaAt: body.etaAt ? new Date(body.etaAt) : undefined }, c.var.deps.now(), settings.slotRules, { userId: admin.id, role: 'admin' });
    // committed: the worker's devices hear of the job (issue #15)
    c.var.deps.push.notify({ event: 'assignment', bookingId: booking.id });
    return answer(c, booking.id);
  })
  .openapi(etaRoute, async (c) => {
    const admin = callerOf(c);
    const booking = await readBooking(c.var.deps.db, c.req.valid('param').id);
    await setEta(c.var.deps.db, booking.id, new Date(c.req.valid('json').etaAt), { userId: admin.id, role: 'admin' });
    return answer(c, booking.id);
  })
  .openapi(rescheduleRoute, async (c) => {
    const admin = callerOf(c);
    const booking = await readBooking(c.var.deps.db, c.req.valid('param').id);
    const { startAt } = c.req.valid('json');
    const { settings, money } = await requestContext(c);
    await rescheduleBooking({ db: c.var.deps.db, now: money.now, policy: settings.cancellationPolicy, slotRules: settings.slotRules }, booking.id, new Date(startAt), { userId: admin.id, role: 'admin' }, { staff: true });
    return answer(c, booking.id);
  });

/** Every worker profile with the account's name and email, skills, capacity and job counts, by name. */
async function adminWorkers(c: Context<AppEnv>): Promise<AdminWorker[]> {
  const db = c.var.deps.db;
  const { start: dayStart, end: dayEnd } = businessDay(c.var.deps.now());
  const profiles = await db.select({ id: user.id, name: user.name, email: user.email, phone: workerProfiles.phone, active: workerProfiles.active }).from(workerProfiles).innerJoin(user, eq(user.id, workerProfiles.userId));
  const ids = profiles.map((p) => p.id);
  // skills straight from worker_skills: the capacity loader leaves inactive workers out
  const [capacity, today, completed, skillRows, timeOffRows] = await Promise.all([
    loadWorkers(db, ids),
    ids.length ? db.select({ workerId: bookings.workerId, n: sql<number>`count(*)::int` }).from(bookings).where(and(inArray(bookings.workerId, ids), gte(bookings.scheduledStart, dayStart), lt(bookings.scheduledStart, dayEnd))).groupBy(bookings.workerId) : [],
    ids.length ? db.select({ workerId: bookings.workerId, n: sql<number>`count(*)::int` }).from(bookings).where(and(inArray(bookings.workerId, ids), eq(bookings.status, 'completed'))).groupBy(bookings.workerId) : [],
    ids.length ? db.select().from(workerSkills).where(inArray(workerSkills.userId, ids)).orderBy(workerSkills.serviceSlug) : [],
    ids.length ? db.select().from(workerTimeOff).where(inArray(workerTimeOff.userId, ids)).orderBy(workerTimeOff.startsOn) : [],
  ]);
  const ratings = await workerRatings(db, ids);
  return profiles
    .map((p) => {
      const cap = capacity.find((w) => w.workerId === p.id);
      return {
        ...p,
        skills: skillRows.filter((r) => r.userId === p.id).map((r) => r.serviceSlug as ServiceSlug),
        weekly: [...(cap?.weekly ?? [])],
        // with their notes; like the weekly hours, only for a worker who offers capacity
        timeOff: cap ? timeOffRows.filter((r) => r.userId === p.id).map(({ id, startsOn, endsOn, note }) => ({ id, startsOn, endsOn, note })) : [],
        todayJobs: today.find((r) => r.workerId === p.id)?.n ?? 0,
        completedJobs: completed.find((r) => r.workerId === p.id)?.n ?? 0,
        rating: ratings.get(p.id)?.average ?? null,
        ratingCount: ratings.get(p.id)?.count ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const adminWorkersRoutes = apiRouter()
  .openapi(workerActiveRoute, async (c) => {
    const { id } = c.req.valid('param');
    const { active } = c.req.valid('json');
    const [updated] = await c.var.deps.db.update(workerProfiles).set({ active, updatedAt: c.var.deps.now() }).where(eq(workerProfiles.userId, id)).returning({ id: workerProfiles.userId, active: workerProfiles.active });
    if (!updated) throw notFound();
    await announceCapacityChange(c.var.deps.db, { scope: 'workers' });
    return c.json(updated, 200);
  })
  .openapi(workersRoute, async (c) => c.json({ workers: await adminWorkers(c) }, 200));
