/**
 * Applications to work with us (issue #5) as the API takes and answers them: the applicant's
 * form (`POST /api/worker-applications`) and their own applications (`GET .../mine`), and the
 * admin's review (`/api/admin/worker-applications`: list by status, detail, approve, reject with
 * a reason). Shared by the API, the database's status enum and the web. Instants are ISO-8601
 * UTC strings; messages are i18n keys.
 */
import { z } from 'zod';
import { usPhoneSchema } from './phone';
import { SERVICE_SLUGS } from './services';
import { requiredText } from './text';

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES, { error: 'validation.invalid' });
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

const text = (max: number, required: string) => requiredText(max, { required });

/**
 * The application form. The phone is stored as E.164; repeated services count once; `uploadId`
 * is an optional photo of a licence or insurance document, uploaded first by the applicant.
 */
export const workerApplicationRequestSchema = z.object({
  fullName: text(200, 'peopleErrors.fullNameRequired'),
  phone: usPhoneSchema,
  services: z
    .array(z.enum(SERVICE_SLUGS, { error: 'peopleErrors.servicesRequired' }), { error: 'peopleErrors.servicesRequired' })
    .min(1, { error: 'peopleErrors.servicesRequired' })
    .transform((s) => [...new Set(s)]),
  yearsExperience: z.number({ error: 'peopleErrors.yearsInvalid' }).int({ error: 'peopleErrors.yearsInvalid' }).min(0, { error: 'peopleErrors.yearsInvalid' }).max(70, { error: 'peopleErrors.yearsInvalid' }),
  areasServed: text(1000, 'peopleErrors.areasRequired'),
  availabilitySummary: text(1000, 'peopleErrors.availabilityRequired'),
  licenceInsurance: text(2000, 'peopleErrors.licenceRequired'),
  uploadId: z.uuid({ error: 'validation.photoInvalid' }).nullish(),
});
export type WorkerApplicationRequest = z.input<typeof workerApplicationRequestSchema>;

/** `GET /api/admin/worker-applications?status=`: pending unless asked otherwise. */
export const applicationsQuerySchema = z.object({ status: applicationStatusSchema.default('pending') });

/** `POST /api/admin/worker-applications/{id}/reject`: the reason, mailed to the applicant. */
export const rejectApplicationRequestSchema = z.object({ reason: text(2000, 'peopleErrors.reasonRequired') });
export type RejectApplicationRequest = z.infer<typeof rejectApplicationRequestSchema>;

const instant = z.iso.datetime({ offset: true });

/** An application as its applicant reads it. */
export const workerApplicationSchema = z
  .object({
    id: z.uuid(),
    userId: z.string(),
    fullName: z.string(),
    /** E.164. */
    phone: z.string(),
    services: z.array(z.enum(SERVICE_SLUGS)),
    yearsExperience: z.number().int(),
    areasServed: z.string(),
    availabilitySummary: z.string(),
    licenceInsurance: z.string(),
    uploadId: z.uuid().nullable(),
    /** Where the uploaded document is read (`GET /api/uploads/{id}`), or null. */
    uploadUrl: z.string().nullable(),
    status: applicationStatusSchema,
    rejectionReason: z.string().nullable(),
    /** The admin who decided, null while pending. */
    decidedBy: z.string().nullable(),
    decidedAt: instant.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'WorkerApplication' });
export type WorkerApplication = z.infer<typeof workerApplicationSchema>;

/** An application as the admin reviews it: with the applicant's account email. */
export const applicationForReviewSchema = workerApplicationSchema.extend({ email: z.string() }).meta({ id: 'ApplicationForReview' });
export type ApplicationForReview = z.infer<typeof applicationForReviewSchema>;

export const myApplicationsSchema = z.object({ applications: z.array(workerApplicationSchema) });
export const applicationsForReviewSchema = z.object({ applications: z.array(applicationForReviewSchema) });
