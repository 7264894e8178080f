import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, userRoles, workerProfiles, workerSkills } from '../../db/schema';
import { createTestApp, databaseKind, type TestApp } from '../../test/test-app';

const NOW = new Date('2026-11-21T15:00:00Z');
const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000970485973000003e8000003e801b57b526b0000000d49444154089963f8cfc0f01f00050001ffabce36890000000049454e44ae426082', 'hex');

const application = (extra: object = {}) => ({
  fullName: 'Pat Painter',
  phone: '(813) 555-0123',
  services: ['painting', 'furniture-assembly'],
  yearsExperience: 7,
  areasServed: 'South Tampa, Seminole Heights',
  availabilitySummary: 'Weekdays 8-5',
  licenceInsurance: 'General liability insurance, $1M',
  ...extra,
});

interface Caller {
  cookie: string;
  userId: string;
  email: string;
}

describe(`worker applications (${databaseKind})`, () => {
  let t: TestApp;
  let admin: Caller;
  let applicant: Caller;
  let other: Caller;
  let worker: Caller;
  let applicationId: string;

  const post = (path: string, cookie: string | undefined, json: object = {}, headers: Record<string, string> = {}) => t.request(path, { method: 'POST', cookie, json, headers });
  const get = (path: string, cookie?: string) => t.request(path, { cookie });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    admin = await t.signUp('boss@example.com');
    await t.deps.db.insert(userRoles).values({ userId: admin.userId, role: 'admin' });
    applicant = await t.signUp('pat@example.com', { name: 'Pat' });
    other = await t.signUp('other@example.com', { name: 'Olga' });
    worker = await t.signUp('wes@example.com', { name: 'Wes' });
    await t.deps.db.insert(userRoles).values({ userId: worker.userId, role: 'worker' });
  });
  afterAll(() => t?.close());

  it('needs a signed-in user to apply or read their applications', async () => {
    expect((await post('/api/worker-applications', undefined, application())).status).toBe(401);
    expect((await get('/api/worker-applications/mine')).status).toBe(401);
  });

  it('validates every field with translated messages', async () => {
    const r = await post('/api/worker-applications', applicant.cookie, { fullName: ' ', phone: '12', services: [], yearsExperience: -1, areasServed: '', availabilitySummary: '', licenceInsurance: '' }, { 'Accept-Language': 'es' });
    expect(r.status).toBe(400);
    const body = await r.json();
    expect(body.details.fullName).toBe('Por favor, escribe tu nombre completo.');
    expect(body.details.services).toMatch(/servicio/);
    expect(Object.keys(body.details).sort()).toEqual(['areasServed', 'availabilitySummary', 'fullName', 'licenceInsurance', 'phone', 'services', 'yearsExperience']);
    const unknownService = await post('/api/worker-applications', applicant.cookie, application({ services: ['plumbing'] }));
    expect(unknownService.status).toBe(400);
  });

  it("refuses someone else's upload", async () => {
    const form = new FormData();
    form.set('file', new File([png], 'licence.png', { type: 'image/png' }));
    const upload = await t.request('/api/uploads', { method: 'POST', body: form, cookie: other.cookie });
    const { id } = await upload.json();
    const r = await post('/api/worker-applications', applicant.cookie, application({ uploadId: id }));
    expect(r.status).toBe(400);
    expect((await r.json()).details.uploadId).toBeTruthy();
  });

  it('takes one open application per user, with an optional upload of their own', async () => {
    const form = new FormData();
    form.set('file', new File([png], 'licence.png', { type: 'image/png' }));
    const upload = await t.request('/api/uploads', { method: 'POST', body: form, cookie: applicant.cookie });
    const { id: uploadId } = await upload.json();
    const r = await post('/api/worker-applications', applicant.cookie, application({ uploadId }));
    expect(r.status).toBe(201);
    const created = await r.json();
    applicationId = created.id;
    expect(created).toMatchObject({ status: 'pending', phone: '+18135550123', services: ['painting', 'furniture-assembly'], uploadUrl: `/api/uploads/${uploadId}` });

    const again = await post('/api/worker-applications', applicant.cookie, application());
    expect(again.status).toBe(409);
    expect((await again.json()).code).toBe('application_pending');

    const mine = await (await get('/api/worker-applications/mine', applicant.cookie)).json();
    expect(mine.applications.map((a: { id: string }) => a.id)).toEqual([applicationId]);
    const theirs = await (await get('/api/worker-applications/mine', other.cookie)).json();
    expect(theirs.applications).toEqual([]);
    const workers = await (await get('/api/worker-applications/mine', worker.cookie)).json();
    expect(workers.applications).toEqual([]);
    expect((await get('/api/worker-applications/mine', admin.cookie)).status).toBe(200);
  });

  it('shows the admin list and detail to admins only', async () => {
    for (const cookie of [undefined, applicant.cookie, other.cookie, worker.cookie]) {
      const expected = cookie ? 403 : 401;
      expect((await get('/api/admin/worker-applications', cookie)).status).toBe(expected);
      expect((await get(`/api/admin/worker-applications/${applicationId}`, cookie)).status).toBe(expected);
      expect((await post(`/api/admin/worker-applications/${applicationId}/approve`, cookie)).status).toBe(expected);
      expect((await post(`/api/admin/worker-applications/${applicationId}/reject`, cookie, { reason: 'no' })).status).toBe(expected);
    }
    const pending = await (await get('/api/admin/worker-applications?status=pending', admin.cookie)).json();
    expect(pending.applications).toHaveLength(1);
    expect(pending.applications[0]).toMatchObject({ id: applicationId, email: 'pat@example.com' });
    expect((await (await get('/api/admin/worker-applications?status=approved', admin.cookie)).json()).applications).toEqual([]);
    expect((await get('/api/admin/worker-applications?status=maybe', admin.cookie)).status).toBe(400);
    const detail = await (await get(`/api/admin/worker-applications/${applicationId}`, admin.cookie)).json();
    expect(detail.fullName).toBe('Pat Painter');
    expect((await get('/api/admin/worker-applications/00000000-0000-4000-8000-000000000000', admin.cookie)).status).toBe(404);
    // the admin can see the applicant's document
    expect((await get(detail.uploadUrl, admin.cookie)).status).toBe(200);
  });

  it('approves: the applicant becomes a worker with the services as skills and is emailed', async () => {
    const r = await post(`/api/admin/worker-applications/${applicationId}/approve`, admin.cookie);
    expect(r.status).toBe(200);
    expect((await r.json()).status).toBe('approved');
    const roles = await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, applicant.userId));
    expect(roles.map((x) => x.role)).toEqual(['worker']);
    const skills = await t.deps.db.select().from(workerSkills).where(eq(workerSkills.userId, applicant.userId));
    expect(skills.map((s) => s.serviceSlug).sort()).toEqual(['furniture-assembly', 'painting']);
    const [profile] = await t.deps.db.select().from(workerProfiles).where(eq(workerProfiles.userId, applicant.userId));
    expect(profile?.phone).toBe('+18135550123');
    const mails = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'pat@example.com'), eq(mailOutbox.template, 'worker_application_approved')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/admin/login');

    const twice = await post(`/api/admin/worker-applications/${applicationId}/approve`, admin.cookie);
    expect(twice.status).toBe(409);
    expect((await (await get('/api/admin/worker-applications?status=approved', admin.cookie)).json()).applications).toHaveLength(1);
  });

  it('rejects with a reason, which is emailed; then the user may apply again', async () => {
    const r = await post('/api/worker-applications', other.cookie, application({ fullName: 'Olga Other' }));
    const { id } = await r.json();
    expect((await post(`/api/admin/worker-applications/${id}/reject`, admin.cookie, { reason: ' ' })).status).toBe(400);
    const rejected = await post(`/api/admin/worker-applications/${id}/reject`, admin.cookie, { reason: 'We need two years of painting experience.' });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'We need two years of painting experience.', decidedBy: admin.userId });
    const [mail] = await t.deps.db.select().from(mailOutbox).where(and(eq(mailOutbox.to, 'other@example.com'), eq(mailOutbox.template, 'worker_application_rejected')));
    expect(mail?.text).toContain('We need two years of painting experience.');
    expect(await t.deps.db.select().from(userRoles).where(eq(userRoles.userId, other.userId))).toEqual([]);
    expect((await post(`/api/admin/worker-applications/${id}/approve`, admin.cookie)).status).toBe(409);
    expect((await post('/api/worker-applications', other.cookie, application())).status).toBe(201);
  });
});
