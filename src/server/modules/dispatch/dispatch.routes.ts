/**
 * The admin's dispatch API (issue #4), under /api/admin: the board, a booking's detail with its
 * timeline and assignable workers, first contact, assignment, ETA, staff reschedule, and the
 * workers list. Admins only (401/403 otherwise). Money actions are in admin-bookings.routes.ts.
 */
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { textIdSchema } from '../../../domain/ids';
import { searchTextSchema } from '../../../domain/text';
import { requireRole } from '../../auth/session';
import { bookings, user, workerProfiles, workerSkills } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { pathId } from '../../lib/path-params';
import { parseInput, readJson } from '../../lib/validate';
import { businessDay } from '../../../domain/slots';
import { readBooking } from '../bookings/booking-transitions';
import { requestContext } from '../../lib/request-context';
import { rescheduleBooking } from '../bookings/reschedule.service';
import { loadWorkers } from '../workers/capacity.repository';
import { assignableFor, assignWorker, bookingTimeline, DISPATCH_VIEWS, listDispatch, markContacted, setEta, withCustomers } from './dispatch.service';

const listQuery = z.object({ view: z.enum(DISPATCH_VIEWS, { error: 'validation.invalid' }).default('today'), q: searchTextSchema.optional() });
const assignSchema = z.object({ workerId: textIdSchema('dispatchErrors.workerRequired'), etaAt: z.iso.datetime({ offset: true, error: 'dispatchErrors.etaInvalid' }).optional() });
const etaSchema = z.object({ etaAt: z.iso.datetime({ offset: true, error: 'dispatchErrors.etaInvalid' }) });
const rescheduleSchema = z.object({ startAt: z.iso.datetime({ offset: true, error: 'validation.startInvalid' }) });

async function bookingFrom(c: Context<AppEnv>) {
  const id = z.uuid().safeParse(c.req.param('id'));
  if (!id.success) throw notFound();
  return readBooking(c.var.deps.db, id.data);
}

async function dispatchView(c: Context<AppEnv>, id: string) {
  const { view } = await requestContext(c);
  const [booking] = await withCustomers(c.var.deps.db, [id], view.now, view);
  return c.json(booking);
}

export const dispatchBookingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
      await requireRole(c, 'admin');
      const query = parseInput(listQuery, c.req.query(), 'query');
      const { view } = await requestContext(c);
      return c.json({ bookings: await listDispatch(c.var.deps.db, { view: query.view, q: query.q, now: view.now, viewContext: view }) });
    })
    .get('/:id', async (c) => {
      await requireRole(c, 'admin');
      const booking = await bookingFrom(c);
      const { view, settings } = await requestContext(c);
      const db = c.var.deps.db;
      const [[detail], events, assignable] = await Promise.all([
        withCustomers(db, [booking.id], view.now, view),
        bookingTimeline(db, booking.id),
        ['pending', 'confirmed'].includes(booking.status) ? assignableFor(db, booking, settings.slotRules) : Promise.resolve([]),
      ]);
      return c.json({ booking: detail, events, assignableWorkers: assignable, photoUrl: booking.photoUploadId ? `/api/uploads/${booking.photoUploadId}` : null });
    })
    .post('/:id/contacted', async (c) => {
      const admin = await requireRole(c, 'admin');
      const booking = await bookingFrom(c);
      await markContacted(c.var.deps.db, booking.id, c.var.deps.now(), { userId: admin.id, role: 'admin' });
      return dispatchView(c, booking.id);
    })
    .post('/:id/assign', async (c) => {
      const admin = await requireRole(c, 'admin');
      const booking = await bookingFrom(c);
      const body = parseInput(assignSchema, await readJson(c.req.raw));
      const { settings } = await requestContext(c);
      await assignWorker(c.var.deps.db, booking.id, { workerId: body.workerId, etaAt: body.etaAt ? new Date(body.etaAt) : undefined }, c.var.deps.now(), settings.slotRules, { userId: admin.id, role: 'admin' });
      return dispatchView(c, booking.id);
    })
    .post('/:id/eta', async (c) => {
      const admin = await requireRole(c, 'admin');
      const booking = await bookingFrom(c);
      const body = parseInput(etaSchema, await readJson(c.req.raw));
      await setEta(c.var.deps.db, booking.id, new Date(body.etaAt), { userId: admin.id, role: 'admin' });
      return dispatchView(c, booking.id);
    })
    .post('/:id/reschedule', async (c) => {
      const admin = await requireRole(c, 'admin');
      const booking = await bookingFrom(c);
      const body = parseInput(rescheduleSchema, await readJson(c.req.raw));
      const { settings, money } = await requestContext(c);
      await rescheduleBooking({ db: c.var.deps.db, now: money.now, policy: settings.cancellationPolicy, slotRules: settings.slotRules }, booking.id, new Date(body.startAt), { userId: admin.id, role: 'admin' }, { staff: true });
      return dispatchView(c, booking.id);
    });

  const workerActiveSchema = z.object({ active: z.boolean({ error: 'validation.invalid' }) });

  export const adminWorkersRoutes = new Hono<AppEnv>()
    // Inactive workers get no new assignments: the capacity loader skips inactive profiles.
    .patch('/:id', async (c) => {
      await requireRole(c, 'admin');
      const id = pathId(c, textIdSchema());
      const { active } = parseInput(workerActiveSchema, await readJson(c.req.raw));
      const [updated] = await c.var.deps.db.update(workerProfiles).set({ active, updatedAt: c.var.deps.now() }).where(eq(workerProfiles.userId, id)).returning({ id: workerProfiles.userId, active: workerProfiles.active });
      if (!updated) throw notFound();
      return c.json(updated);
    })
    .get('/', async (c) => {
    await requireRole(c, 'admin');
    const db = c.var.deps.db;
    const now = c.var.deps.now();
    const { start: dayStart, end: dayEnd } = businessDay(now);
    const profiles = await db.select({ id: user.id, name: user.name, email: user.email, phone: workerProfiles.phone, active: workerProfiles.active }).from(workerProfiles).innerJoin(user, eq(user.id, workerProfiles.userId));
    const ids = profiles.map((p) => p.id);
    // skills straight from worker_skills: the capacity loader leaves inactive workers out
    const [capacity, today, completed, skillRows] = await Promise.all([
      loadWorkers(db, ids),
      ids.length ? db.select({ workerId: bookings.workerId, n: sql<number>`count(*)::int` }).from(bookings).where(and(inArray(bookings.workerId, ids), gte(bookings.scheduledStart, dayStart), lt(bookings.scheduledStart, dayEnd))).groupBy(bookings.workerId) : [],
      ids.length ? db.select({ workerId: bookings.workerId, n: sql<number>`count(*)::int` }).from(bookings).where(and(inArray(bookings.workerId, ids), eq(bookings.status, 'completed'))).groupBy(bookings.workerId) : [],
      ids.length ? db.select().from(workerSkills).where(inArray(workerSkills.userId, ids)).orderBy(workerSkills.serviceSlug) : [],
    ]);
    const workers = profiles
      .map((p) => {
        const cap = capacity.find((w) => w.workerId === p.id);
        return {
          ...p,
          skills: skillRows.filter((r) => r.userId === p.id).map((r) => r.serviceSlug),
          weekly: cap?.weekly ?? [],
          timeOff: cap?.timeOff ?? [],
          todayJobs: today.find((r) => r.workerId === p.id)?.n ?? 0,
          completedJobs: completed.find((r) => r.workerId === p.id)?.n ?? 0,
          /** No ratings are collected yet; the page shows "—". */
          rating: null as number | null,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
    return c.json({ workers });
  });
