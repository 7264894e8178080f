/**
 * The worker's API (issue #4), under /api/worker: profile, availability and time off, settings,
 * and their jobs with the moves of the day. Workers only (401/403 otherwise); a job that is not
 * theirs is 404.
 */
import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SERVICE_SLUGS } from '../../../domain/services';
import { requireRole } from '../../auth/session';
import { workerAvailability, workerProfiles, workerSkills, workerTimeOff } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { parseInput, readJson } from '../../lib/validate';
import { usPhoneSchema } from '../../../domain/phone';
import { completeJobRequestSchema } from '../../../domain/money-requests';
import { idempotent } from '../../lib/idempotency';
import { requestContext } from '../../lib/request-context';
import { completeBooking } from '../bookings/completion.service';
import { acceptJob, getWorkerJob, headOut, listWorkerJobs, ownJob, startJob } from './worker-jobs.service';
import { availabilitySchema } from './availability';

const onMyWaySchema = z.object({
  etaMinutes: z.number({ error: 'dispatchErrors.etaMinutesInvalid' }).int({ error: 'dispatchErrors.etaMinutesInvalid' }).min(5, { error: 'dispatchErrors.etaMinutesInvalid' }).max(240, { error: 'dispatchErrors.etaMinutesInvalid' }),
});
const settingsSchema = z.object({
  phone: usPhoneSchema.nullable().optional(),
  skills: z.array(z.enum(SERVICE_SLUGS, { error: 'validation.invalid' }), { error: 'validation.invalid' }).min(1, { error: 'dispatchErrors.skillsRequired' }).optional(),
  serviceZips: z.array(z.string().regex(/^\d{5}$/, { error: 'validation.zipInvalid' })).max(200).optional(),
  notifyEmail: z.boolean().optional(),
  notifySms: z.boolean().optional(),
});

async function worker(c: Context<AppEnv>) {
  const me = await requireRole(c, 'worker');
  return { ...me, actor: { userId: me.id, role: 'worker' as const } };
}

function jobId(c: Context<AppEnv>) {
  const id = z.uuid().safeParse(c.req.param('id'));
  if (!id.success) throw notFound();
  return id.data;
}

/** The one job the worker just moved, as it is now (also after its day is over). */
async function jobAnswer(c: Context<AppEnv>, workerId: string, id: string) {
  const { view } = await requestContext(c);
  return c.json(await getWorkerJob(c.var.deps.db, workerId, id, view));
}

async function profileOf(c: Context<AppEnv>, userId: string) {
  const db = c.var.deps.db;
  const [[profile], skills, weekly, timeOff] = await Promise.all([
    db.select().from(workerProfiles).where(eq(workerProfiles.userId, userId)),
    db.select().from(workerSkills).where(eq(workerSkills.userId, userId)),
    db.select().from(workerAvailability).where(eq(workerAvailability.userId, userId)),
    db.select().from(workerTimeOff).where(eq(workerTimeOff.userId, userId)),
  ]);
  return {
    phone: profile?.phone ?? null,
    active: profile?.active ?? false,
    skills: skills.map((s) => s.serviceSlug),
    serviceZips: profile?.serviceZips ?? [],
    notifyEmail: profile?.notifyEmail ?? true,
    notifySms: profile?.notifySms ?? false,
    weekly: weekly.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })).sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute),
    timeOff: timeOff.map(({ id, startsOn, endsOn, note }) => ({ id, startsOn, endsOn, note })).sort((a, b) => a.startsOn.localeCompare(b.startsOn)),
  };
}

export const workerRoutes = new Hono<AppEnv>()
  .get('/profile', async (c) => {
    const me = await worker(c);
    return c.json(await profileOf(c, me.id));
  })
  .put('/availability', async (c) => {
    const me = await worker(c);
    const body = parseInput(availabilitySchema, await readJson(c.req.raw));
    await c.var.deps.db.transaction(async (tx) => {
      await tx.delete(workerAvailability).where(eq(workerAvailability.userId, me.id));
      await tx.delete(workerTimeOff).where(eq(workerTimeOff.userId, me.id));
      if (body.weekly.length) await tx.insert(workerAvailability).values(body.weekly.map((r) => ({ userId: me.id, ...r })));
      if (body.timeOff.length) await tx.insert(workerTimeOff).values(body.timeOff.map((t) => ({ userId: me.id, startsOn: t.startsOn, endsOn: t.endsOn, note: t.note ?? null })));
    });
    return c.json(await profileOf(c, me.id));
  })
  .patch('/settings', async (c) => {
    const me = await worker(c);
    const body = parseInput(settingsSchema, await readJson(c.req.raw));
    await c.var.deps.db.transaction(async (tx) => {
      const { skills, ...profile } = body;
      await tx.insert(workerProfiles).values({ userId: me.id }).onConflictDoNothing();
      if (Object.keys(profile).length) await tx.update(workerProfiles).set({ ...profile }).where(eq(workerProfiles.userId, me.id));
      if (skills) {
        await tx.delete(workerSkills).where(eq(workerSkills.userId, me.id));
        await tx.insert(workerSkills).values(skills.map((serviceSlug) => ({ userId: me.id, serviceSlug })));
      }
    });
    return c.json(await profileOf(c, me.id));
  })
  .get('/jobs', async (c) => {
    const me = await worker(c);
    const { view } = await requestContext(c);
    return c.json({ jobs: await listWorkerJobs(c.var.deps.db, me.id, view.now, view) });
  })
  .post('/jobs/:id/accept', async (c) => {
    const me = await worker(c);
    const id = jobId(c);
    await acceptJob(c.var.deps.db, id, c.var.deps.now(), me.actor);
    return jobAnswer(c, me.id, id);
  })
  .post('/jobs/:id/on-my-way', async (c) => {
    const me = await worker(c);
    const id = jobId(c);
    const body = parseInput(onMyWaySchema, await readJson(c.req.raw));
    await headOut(c.var.deps.db, id, body.etaMinutes, c.var.deps.now(), me.actor);
    return jobAnswer(c, me.id, id);
  })
  .post('/jobs/:id/start', async (c) => {
    const me = await worker(c);
    const id = jobId(c);
    await startJob(c.var.deps.db, id, c.var.deps.now(), me.actor);
    return jobAnswer(c, me.id, id);
  })
  .post('/jobs/:id/complete', async (c) => {
    const me = await worker(c);
    const id = jobId(c);
    await ownJob(c.var.deps.db, me.id, id);
    return idempotent(c, { scope: me.id }, async (requestKey) => {
      const body = parseInput(completeJobRequestSchema, await readJson(c.req.raw));
      const { money, settings } = await requestContext(c);
      await completeBooking({ ...money, unitPrices: settings.unitPrices, limits: settings.moneyLimits }, id, body, me.actor, { requestKey });
      return jobAnswer(c, me.id, id);
    });
  });
