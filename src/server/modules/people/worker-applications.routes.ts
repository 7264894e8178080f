/**
 * Worker applications over HTTP: `POST /api/worker-applications` and `GET .../mine` for the
 * signed-in applicant; `/api/admin/worker-applications` (list by status, detail, approve,
 * reject) for admins. An application id that is not a UUID is 404. The contract is
 * src/domain/worker-applications.ts, declared with `defineRoute` (docs/decisions/013-api-contract.md).
 */
import { applicationForReviewSchema, applicationsForReviewSchema, applicationsQuerySchema, myApplicationsSchema, rejectApplicationRequestSchema, workerApplicationRequestSchema, workerApplicationSchema } from '../../../domain/worker-applications';
import type { ServiceSlug } from '../../../domain/services';
import { requireUser } from '../../auth/session';
import { apiRouter, callerOf, defineRoute, errorResponses, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { applicationsOf, approveApplication, listApplications, readApplication, rejectApplication, submitApplication, type WorkerApplicationRow } from './worker-applications.service';

/** An application row as the API answers it: its services as slugs and where its document is read. */
const applicationView = <T extends WorkerApplicationRow>(a: T) => ({ ...a, services: a.services as ServiceSlug[], uploadUrl: a.uploadId ? `/api/uploads/${a.uploadId}` : null });

const APPLICANT_TAGS = ['Worker applications'];
const ADMIN_TAGS = ['Admin: worker applications'];

const submitRoute = defineRoute({
  method: 'post',
  path: '/',
  access: 'signed_in',
  tags: APPLICANT_TAGS,
  summary: 'Apply to work with us',
  description: 'One pending application at a time (409 `application_pending`); staff already work with us (409 `already_staff`). `uploadId` must be an upload of the applicant\'s own.',
  request: { body: jsonBody(workerApplicationRequestSchema) },
  responses: { 201: jsonContent(workerApplicationSchema, 'The application, pending'), ...errorResponses(400, 401, 409, 415) },
});

const mineRoute = defineRoute({
  method: 'get',
  path: '/mine',
  access: 'signed_in',
  tags: APPLICANT_TAGS,
  summary: "The caller's applications, newest first",
  responses: { 200: jsonContent(myApplicationsSchema, 'The applications'), ...errorResponses(401) },
});

const listRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'Applications in one status, newest first',
  request: { query: applicationsQuerySchema },
  responses: { 200: jsonContent(applicationsForReviewSchema, 'The applications'), ...errorResponses(400, 401, 403) },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/{id}',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'One application',
  request: { params: idParams },
  responses: { 200: jsonContent(applicationForReviewSchema, 'The application'), ...errorResponses(401, 403, 404) },
});

const approveRoute = defineRoute({
  method: 'post',
  path: '/{id}/approve',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'Approve: the applicant becomes a worker with the services as skills, and is mailed',
  description: 'An application already decided: 409 `application_decided`.',
  request: { params: idParams },
  responses: { 200: jsonContent(applicationForReviewSchema, 'The application, approved'), ...errorResponses(401, 403, 404, 409) },
});

const rejectRoute = defineRoute({
  method: 'post',
  path: '/{id}/reject',
  access: 'admin',
  tags: ADMIN_TAGS,
  summary: 'Reject with a reason, which is mailed to the applicant',
  description: 'An application already decided: 409 `application_decided`.',
  request: { params: idParams, body: jsonBody(rejectApplicationRequestSchema) },
  responses: { 200: jsonContent(applicationForReviewSchema, 'The application, rejected'), ...errorResponses(400, 401, 403, 404, 409, 415) },
});

export const workerApplicationsRoutes = apiRouter()
  .openapi(submitRoute, async (c) => {
    const user = requireUser(c);
    const application = await submitApplication(c.var.deps.db, user.id, c.req.valid('json'));
    return c.json(applicationView(application), 201);
  })
  .openapi(mineRoute, async (c) => {
    const user = requireUser(c);
    const applications = await applicationsOf(c.var.deps.db, user.id);
    return c.json({ applications: applications.map(applicationView) }, 200);
  });

export const adminWorkerApplicationsRoutes = apiRouter()
  .openapi(listRoute, async (c) => {
    const { status } = c.req.valid('query');
    return c.json({ applications: (await listApplications(c.var.deps.db, status)).map(applicationView) }, 200);
  })
  .openapi(detailRoute, async (c) => c.json(applicationView(await readApplication(c.var.deps.db, c.req.valid('param').id)), 200))
  .openapi(approveRoute, async (c) => {
    const admin = callerOf(c);
    const { id } = c.req.valid('param');
    const { db, mailer, now, config } = c.var.deps;
    return c.json(applicationView(await approveApplication({ db, mailer, now: now(), adminId: admin.id, lang: c.var.lang, publicUrl: config.publicUrl }, id)), 200);
  })
  .openapi(rejectRoute, async (c) => {
    const admin = callerOf(c);
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const { db, mailer, now, config } = c.var.deps;
    return c.json(applicationView(await rejectApplication({ db, mailer, now: now(), adminId: admin.id, lang: c.var.lang, publicUrl: config.publicUrl }, id, reason)), 200);
  });
