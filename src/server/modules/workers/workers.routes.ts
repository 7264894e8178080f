/**
 * The worker's API (issue #4), under /api/worker: profile, availability and time off, settings,
 * and their jobs with the moves of the day. Workers only (401/403 otherwise); a job that is not
 * theirs is 404.
 *
 * Declared with the API contract (docs/decisions/013-api-contract.md): the schemas are
 * src/domain/worker-contract.ts and worker-availability.ts; handlers read only `c.req.valid(...)`.
 */
import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { addJobPhotoRequestSchema } from '../../../domain/job-photos';
import { completeJobRequestSchema } from '../../../domain/money-requests';
import type { ServiceSlug } from '../../../domain/services';
import { availabilityRequestSchema } from '../../../domain/worker-availability';
import { declineJobRequestSchema, onMyWayRequestSchema, workerJobListSchema, workerJobSchema, workerProfileSchema, workerSettingsRequestSchema, type WorkerProfile } from '../../../domain/worker-contract';
import { workerAvailability, workerProfiles, workerSkills, workerTimeOff } from '../../db/schema';
import type { AppEnv } from '../../lib/app-env';
import { idempotent } from '../../lib/idempotency';
import { apiRouter, callerOf, defineRoute, errorResponses, idempotencyKeyParameter, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { requestContext } from '../../lib/request-context';
import { completeBooking } from '../bookings/completion.service';
import { addJobPhoto } from './job-photos.service';
import { announceCapacityChange } from './capacity-caches';
import { acceptJob, declineJob, getWorkerJob, headOut, listWorkerJobs, ownJob, startJob } from './worker-jobs.service';

const PROFILE = ['Worker: profile'];
const JOBS = ['Worker: jobs'];
const profileAnswer = jsonContent(workerProfileSchema, 'The profile as it is now');
const jobAnswered = jsonContent(workerJobSchema, 'The job as it is now');
const moveRefusals = errorResponses(401, 403, 404, 409, 415);
/** On my way and Start: also 422 `outside_job_window` before the window opens or after the job's day (`details.opensAt`). */
const timedMoveRefusals = errorResponses(401, 403, 404, 409, 415, 422);

const profileRoute = defineRoute({
  method: 'get',
  path: '/profile',
  access: 'worker',
  tags: PROFILE,
  summary: "The worker's phone, skills, ZIP codes, notification choices, weekly availability and time off",
  responses: { 200: profileAnswer, ...errorResponses(401, 403) },
});

const availabilityRoute = defineRoute({
  method: 'put',
  path: '/availability',
  access: 'worker',
  tags: PROFILE,
  summary: 'Replace the weekly availability and the time off',
  description: 'Weekly ranges in Tampa minutes after midnight, 30-minute steps, no overlaps on a day; time off as inclusive dates.',
  request: { body: jsonBody(availabilityRequestSchema) },
  responses: { 200: profileAnswer, ...errorResponses(400, 401, 403, 415) },
});

const settingsRoute = defineRoute({
  method: 'patch',
  path: '/settings',
  access: 'worker',
  tags: PROFILE,
  summary: 'Change the phone, skills, ZIP codes served or notification choices',
  request: { body: jsonBody(workerSettingsRequestSchema) },
  responses: { 200: profileAnswer, ...errorResponses(400, 401, 403, 415) },
});

const jobsRoute = defineRoute({
  method: 'get',
  path: '/jobs',
  access: 'worker',
  tags: JOBS,
  summary: "The worker's active jobs from today on, and today's finished ones, by start",
  responses: { 200: jsonContent(workerJobListSchema, 'The jobs'), ...errorResponses(401, 403) },
});

const acceptRoute = defineRoute({
  method: 'post',
  path: '/jobs/{id}/accept',
  access: 'assigned_worker',
  tags: JOBS,
  summary: 'Accept an assigned job',
  description: '409 `transition_not_allowed` unless the job is confirmed (`details.status`).',
  request: { params: idParams },
  responses: { 200: jobAnswered, ...moveRefusals },
});

const declineRoute = defineRoute({
  method: 'post',
  path: '/jobs/{id}/decline',
  access: 'assigned_worker',
  tags: JOBS,
  summary: 'Decline an assigned job: it goes back to dispatch with the reason, and the office is alerted',
  description:
    'Before heading out only: 409 `transition_not_allowed` once on the way or later (`details.status`); 404 once it is no longer theirs (an admin gave it to someone else). The booking becomes pending with no worker; a `worker_declined` event records who and why.',
  request: { params: idParams, body: jsonBody(declineJobRequestSchema) },
  responses: { 204: { description: 'Declined: the job is back with dispatch' }, ...errorResponses(400), ...moveRefusals },
});

const addPhotoRoute = defineRoute({
  method: 'post',
  path: '/jobs/{id}/photos',
  access: 'assigned_worker',
  tags: JOBS,
  summary: 'Attach a before or after photo (one of your uploads) to a job in progress',
  description:
    'Upload first with POST /api/uploads. Only while the job is in progress: 409 `transition_not_allowed` otherwise. Up to 4 per phase: 422 `too_many_photos`; an upload that is not yours or already used: 422 `photo_invalid`.',
  request: { params: idParams, body: jsonBody(addJobPhotoRequestSchema) },
  responses: { 201: { description: 'Attached' }, ...errorResponses(400, 422), ...moveRefusals },
});

const onMyWayRoute = defineRoute({
  method: 'post',
  path: '/jobs/{id}/on-my-way',
  access: 'assigned_worker',
  tags: JOBS,
  summary: 'Head out: the job is on the way, arriving in `etaMinutes` (5-240)',
  description: "Only on the job's Tampa day, from `jobRules.startWindowMinutes` before its start: 422 `outside_job_window` otherwise (`details.opensAt`).",
  request: { params: idParams, body: jsonBody(onMyWayRequestSchema) },
  responses: { 200: jobAnswered, ...errorResponses(400), ...timedMoveRefusals },
});

const startRoute = defineRoute({
  method: 'post',
  path: '/jobs/{id}/start',
  access: 'assigned_worker',
  tags: JOBS,
  summary: 'Start the work',
  description: "Only on the job's Tampa day, from `jobRules.startWindowMinutes` before its start: 422 `outside_job_window` otherwise (`details.opensAt`).",
  request: { params: idParams },
  responses: { 200: jobAnswered, ...timedMoveRefusals },
});

const completeRoute = defineRoute({
  method: 'post',
  path: '/jobs/{id}/complete',
  access: 'assigned_worker',
  tags: JOBS,
  summary: 'Complete the job: the final amount is captured',
  description:
    'Only `jobRules.minJobMinutes` after the start: 422 `outside_job_window` (`details.opensAt`). Furniture: the hours worked; painting with our paint: the receipt in cents. Above the ceilings: 400. More than the approval limit above the booked total: nothing is charged and the job waits for an admin (`finalApproval.status` pending).',
  parameters: [idempotencyKeyParameter(false)],
  request: { params: idParams, body: jsonBody(completeJobRequestSchema) },
  responses: { 200: jobAnswered, ...errorResponses(400, 401, 402, 403, 404, 409, 415, 422, 503) },
});

const workerActor = (c: Context<AppEnv>) => {
  const me = callerOf(c);
  return { id: me.id, actor: { userId: me.id, role: 'worker' as const } };
};

/** The one job the worker just moved, as it is now (also after its day is over). */
async function jobAnswer(c: Context<AppEnv>, workerId: string, id: string) {
  const { view, settings } = await requestContext(c);
  return c.json(await getWorkerJob(c.var.deps.db, workerId, id, view, settings.jobRules), 200);
}

async function profileOf(c: Context<AppEnv>, userId: string): Promise<WorkerProfile> {
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
    skills: skills.map((s) => s.serviceSlug as ServiceSlug),
    serviceZips: profile?.serviceZips ?? [],
    notifyEmail: profile?.notifyEmail ?? true,
    notifySms: profile?.notifySms ?? false,
    weekly: weekly.map(({ weekday, startMinute, endMinute }) => ({ weekday, startMinute, endMinute })).sort((a, b) => a.weekday - b.weekday || a.startMinute - b.startMinute),
    timeOff: timeOff.map(({ id, startsOn, endsOn, note }) => ({ id, startsOn, endsOn, note })).sort((a, b) => a.startsOn.localeCompare(b.startsOn)),
  };
}

export const workerRoutes = apiRouter()
  .openapi(profileRoute, async (c) => c.json(await profileOf(c, callerOf(c).id), 200))
  .openapi(availabilityRoute, async (c) => {
    const me = callerOf(c);
    const body = c.req.valid('json');
    await c.var.deps.db.transaction(async (tx) => {
      // Every process's cached day plans go when this commits (issue #16).
      await announceCapacityChange(tx, { scope: 'workers' });
      await tx.delete(workerAvailability).where(eq(workerAvailability.userId, me.id));
      await tx.delete(workerTimeOff).where(eq(workerTimeOff.userId, me.id));
      if (body.weekly.length) await tx.insert(workerAvailability).values(body.weekly.map((r) => ({ userId: me.id, ...r })));
      if (body.timeOff.length) await tx.insert(workerTimeOff).values(body.timeOff.map((t) => ({ userId: me.id, startsOn: t.startsOn, endsOn: t.endsOn, note: t.note ?? null })));
    });
    return c.json(await profileOf(c, me.id), 200);
  })
  .openapi(settingsRoute, async (c) => {
    const me = callerOf(c);
    const { skills, ...profile } = c.req.valid('json');
    await c.var.deps.db.transaction(async (tx) => {
      // Skills, or a first profile, change who can take which job (issue #16: cached day plans).
      await announceCapacityChange(tx, { scope: 'workers' });
      await tx.insert(workerProfiles).values({ userId: me.id }).onConflictDoNothing();
      if (Object.keys(profile).length) await tx.update(workerProfiles).set({ ...profile }).where(eq(workerProfiles.userId, me.id));
      if (skills) {
        await tx.delete(workerSkills).where(eq(workerSkills.userId, me.id));
        await tx.insert(workerSkills).values(skills.map((serviceSlug) => ({ userId: me.id, serviceSlug })));
      }
    });
    return c.json(await profileOf(c, me.id), 200);
  })
  .openapi(jobsRoute, async (c) => {
    const { view, settings } = await requestContext(c);
    return c.json({ jobs: await listWorkerJobs(c.var.deps.db, callerOf(c).id, view.now, view, settings.jobRules) }, 200);
  })
  .openapi(acceptRoute, async (c) => {
    const me = workerActor(c);
    const { id } = c.req.valid('param');
    await acceptJob(c.var.deps.db, id, c.var.deps.now(), me.actor);
    return jobAnswer(c, me.id, id);
  })
  .openapi(declineRoute, async (c) => {
    const me = workerActor(c);
    const { id } = c.req.valid('param');
    await declineJob(c.var.deps.db, id, c.req.valid('json'), me.actor);
    return c.body(null, 204);
  })
  .openapi(addPhotoRoute, async (c) => {
    const { id } = c.req.valid('param');
    await addJobPhoto(c.var.deps.db, id, c.req.valid('json'), callerOf(c).id);
    return c.body(null, 201);
  })
  .openapi(onMyWayRoute, async (c) => {
    const me = workerActor(c);
    const { id } = c.req.valid('param');
    const { settings, view } = await requestContext(c);
    await headOut(c.var.deps.db, id, c.req.valid('json').etaMinutes, view.now, settings.jobRules, me.actor);
    return jobAnswer(c, me.id, id);
  })
  .openapi(startRoute, async (c) => {
    const me = workerActor(c);
    const { id } = c.req.valid('param');
    const { settings, view } = await requestContext(c);
    await startJob(c.var.deps.db, id, view.now, settings.jobRules, me.actor);
    return jobAnswer(c, me.id, id);
  })
  .openapi(completeRoute, async (c) => {
    const me = workerActor(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    await ownJob(c.var.deps.db, me.id, id);
    return idempotent(c, { scope: me.id }, async (requestKey) => {
      const { money, settings } = await requestContext(c);
      await completeBooking({ ...money, unitPrices: settings.unitPrices, limits: settings.moneyLimits, jobRules: settings.jobRules }, id, body, me.actor, { requestKey });
      return jobAnswer(c, me.id, id);
    });
  });
