/**
 * Worker applications (issue #5): a signed-in user applies once at a time (one pending
 * application per user, enforced by a partial unique index); an admin approves — the user
 * becomes a worker with the application's services as skills — or rejects with a reason. The
 * applicant is emailed either way, in the language of the admin's request.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceSlug } from '../../../domain/services';
import type { ApplicationStatus, workerApplicationRequestSchema } from '../../../domain/worker-applications';
import type { Database } from '../../db/client';
import { uploads, user, workerApplications } from '../../db/schema';
import { roleOf } from '../../auth/roles';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { translator, type Lang } from '../../lib/i18n';
import type { Mailer } from '../../mail/mailer';
import { makeWorker } from '../workers/worker-defaults';

export type WorkerApplicationRow = typeof workerApplications.$inferSelect;

/**
 * @throws AppError 400 validation_failed when the upload is not the applicant's own,
 *   409 application_pending when the user already has a pending application,
 *   409 already_staff when the user already is a worker or an admin
 */
export async function submitApplication(db: Database, userId: string, input: z.output<typeof workerApplicationRequestSchema>): Promise<WorkerApplicationRow> {
  if ((await roleOf(db, userId)) !== 'user') throw conflict('already_staff', 'peopleErrors.alreadyStaff');
  if (input.uploadId) {
    const [own] = await db.select({ id: uploads.id }).from(uploads).where(and(eq(uploads.id, input.uploadId), eq(uploads.ownerUserId, userId)));
    if (!own) throw badRequest('validation_failed', 'errors.validationFailed', { details: { uploadId: 'validation.photoInvalid' } });
  }
  const [row] = await db
    .insert(workerApplications)
    .values({ userId, ...input, uploadId: input.uploadId ?? null })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('application_pending', 'peopleErrors.applicationPending');
  return row;
}

export async function applicationsOf(db: Database, userId: string): Promise<WorkerApplicationRow[]> {
  return db.select().from(workerApplications).where(eq(workerApplications.userId, userId)).orderBy(desc(workerApplications.createdAt));
}

export async function listApplications(db: Database, status: ApplicationStatus) {
  return db
    .select({ application: workerApplications, email: user.email })
    .from(workerApplications)
    .innerJoin(user, eq(user.id, workerApplications.userId))
    .where(eq(workerApplications.status, status))
    .orderBy(desc(workerApplications.createdAt))
    .then((rows) => rows.map((r) => ({ ...r.application, email: r.email })));
}

/** @throws AppError 404 */
export async function readApplication(db: Database, id: string) {
  const [row] = await db
    .select({ application: workerApplications, email: user.email })
    .from(workerApplications)
    .innerJoin(user, eq(user.id, workerApplications.userId))
    .where(eq(workerApplications.id, id));
  if (!row) throw notFound();
  return { ...row.application, email: row.email };
}

interface Decision {
  db: Database;
  mailer: Mailer;
  now: Date;
  adminId: string;
  lang: Lang;
  /** The site's origin, for the sign-in link in the approval mail. */
  publicUrl: string;
}

/** Moves a pending application to `status`; a decided one can't be decided again. @throws AppError 404, 409 application_decided */
async function decide(d: Decision, id: string, status: 'approved' | 'rejected', rejectionReason: string | null) {
  const application = await readApplication(d.db, id);
  const [updated] = await d.db
    .update(workerApplications)
    .set({ status, rejectionReason, decidedBy: d.adminId, decidedAt: d.now })
    .where(and(eq(workerApplications.id, id), eq(workerApplications.status, 'pending')))
    .returning();
  if (!updated) throw conflict('application_decided', 'peopleErrors.applicationDecided');
  return { ...updated, email: application.email };
}

/** Approves: worker role, profile with the phone, the services as skills, default availability; emails the applicant. */
export async function approveApplication(d: Decision, id: string) {
  const application = await decide(d, id, 'approved', null);
  await makeWorker(d.db, application.userId, { skills: application.services as ServiceSlug[], phone: application.phone });
  const t = translator(d.lang);
  const loginUrl = `${d.publicUrl}/admin/login`;
  await d.mailer.send({
    to: application.email,
    subject: t('peopleMail.approvedSubject'),
    text: [t('mail.greeting', { name: application.fullName }), t('peopleMail.approvedBody', { url: loginUrl }), t('mail.signature')].join('\n\n'),
    template: 'worker_application_approved',
    language: d.lang,
  });
  return application;
}

/** Rejects with the reason, which is emailed to the applicant. */
export async function rejectApplication(d: Decision, id: string, reason: string) {
  const application = await decide(d, id, 'rejected', reason);
  const t = translator(d.lang);
  await d.mailer.send({
    to: application.email,
    subject: t('peopleMail.rejectedSubject'),
    text: [t('mail.greeting', { name: application.fullName }), t('peopleMail.rejectedBody'), reason, t('mail.signature')].join('\n\n'),
    template: 'worker_application_rejected',
    language: d.lang,
  });
  return application;
}
