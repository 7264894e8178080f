/**
 * Worker applications over HTTP: `POST /api/worker-applications` and `GET .../mine` for the
 * signed-in applicant; `/api/admin/worker-applications` (list by status, detail, approve,
 * reject) for admins.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { usPhoneSchema } from '../../../domain/phone';
import { SERVICE_SLUGS } from '../../../domain/services';
import { requiredText } from '../../../domain/text';
import { requireRole, requireUser } from '../../auth/session';
import { notFound } from '../../lib/errors';
import type { AppEnv } from '../../lib/app-env';
import { parseInput, readJson } from '../../lib/validate';
import { applicationsOf, approveApplication, listApplications, readApplication, rejectApplication, submitApplication } from './worker-applications.service';

const text = (max: number, required: string) => requiredText(max, { required });

const applicationSchema = z.object({
  fullName: text(200, 'peopleErrors.fullNameRequired'),
  phone: usPhoneSchema,
  services: z.array(z.enum(SERVICE_SLUGS, { error: 'peopleErrors.servicesRequired' }), { error: 'peopleErrors.servicesRequired' }).min(1, { error: 'peopleErrors.servicesRequired' }).transform((s) => [...new Set(s)]),
  yearsExperience: z.number({ error: 'peopleErrors.yearsInvalid' }).int({ error: 'peopleErrors.yearsInvalid' }).min(0, { error: 'peopleErrors.yearsInvalid' }).max(70, { error: 'peopleErrors.yearsInvalid' }),
  areasServed: text(1000, 'peopleErrors.areasRequired'),
  availabilitySummary: text(1000, 'peopleErrors.availabilityRequired'),
  licenceInsurance: text(2000, 'peopleErrors.licenceRequired'),
  uploadId: z.uuid({ error: 'validation.photoInvalid' }).nullish(),
});

const listQuery = z.object({ status: z.enum(['pending', 'approved', 'rejected'], { error: 'validation.invalid' }).default('pending') });
const rejectSchema = z.object({ reason: text(2000, 'peopleErrors.reasonRequired') });

function applicationId(c: Context<AppEnv>) {
  const id = z.uuid().safeParse(c.req.param('id'));
  if (!id.success) throw notFound();
  return id.data;
}

const withUploadUrl = <T extends { uploadId: string | null }>(a: T) => ({ ...a, uploadUrl: a.uploadId ? `/api/uploads/${a.uploadId}` : null });

export const workerApplicationsRoutes = new Hono<AppEnv>()
  .post('/', async (c) => {
    const user = requireUser(c);
    const body = parseInput(applicationSchema, await readJson(c.req.raw));
    const application = await submitApplication(c.var.deps.db, user.id, body);
    return c.json(withUploadUrl(application), 201);
  })
  .get('/mine', async (c) => {
    const user = requireUser(c);
    const applications = await applicationsOf(c.var.deps.db, user.id);
    return c.json({ applications: applications.map(withUploadUrl) });
  });

export const adminWorkerApplicationsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    await requireRole(c, 'admin');
    const { status } = parseInput(listQuery, c.req.query(), 'query');
    return c.json({ applications: (await listApplications(c.var.deps.db, status)).map(withUploadUrl) });
  })
  .get('/:id', async (c) => {
    await requireRole(c, 'admin');
    return c.json(withUploadUrl(await readApplication(c.var.deps.db, applicationId(c))));
  })
  .post('/:id/approve', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = applicationId(c);
    const { db, mailer, now, config } = c.var.deps;
    return c.json(withUploadUrl(await approveApplication({ db, mailer, now: now(), adminId: admin.id, lang: c.var.lang, publicUrl: config.publicUrl }, id)));
  })
  .post('/:id/reject', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = applicationId(c);
    const { reason } = parseInput(rejectSchema, await readJson(c.req.raw));
    const { db, mailer, now, config } = c.var.deps;
    return c.json(withUploadUrl(await rejectApplication({ db, mailer, now: now(), adminId: admin.id, lang: c.var.lang, publicUrl: config.publicUrl }, id, reason)));
  });
