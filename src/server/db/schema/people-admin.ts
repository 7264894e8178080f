/**
 * People administration (issue #5): applications to work with us, reviewed by an admin, and
 * disabled accounts (a disabled user cannot sign in; their sessions are deleted when disabled).
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '../../../domain/worker-applications';
import { user } from './auth';
import { uploads } from './bookings';

export const workerApplicationStatus = pgEnum('worker_application_status', APPLICATION_STATUSES);

export const workerApplications = pgTable(
  'worker_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    /** Service slugs the applicant offers; they become the worker's skills on approval. */
    services: text('services').array().notNull(),
    yearsExperience: integer('years_experience').notNull(),
    /** Tampa neighbourhoods or ZIP codes, as the applicant wrote them. */
    areasServed: text('areas_served').notNull(),
    availabilitySummary: text('availability_summary').notNull(),
    licenceInsurance: text('licence_insurance').notNull(),
    uploadId: uuid('upload_id').references(() => uploads.id),
    status: workerApplicationStatus('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // one open application per user, race-free
  (t) => [uniqueIndex('worker_applications_one_pending_idx').on(t.userId).where(sql`status = 'pending'`), index('worker_applications_status_idx').on(t.status, t.createdAt), index('worker_applications_upload_idx').on(t.uploadId)],
);

/** A row means the account is disabled: no sign-in, no session. */
export const disabledUsers = pgTable('disabled_users', {
  userId: text('user_id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
  disabledBy: text('disabled_by').references(() => user.id, { onDelete: 'set null' }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }).notNull().defaultNow(),
});
