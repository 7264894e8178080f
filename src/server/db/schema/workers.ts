/**
 * Workers (issue #4): their profile, the services they do (skills), their weekly availability in
 * Tampa wall-clock time, and time off. A user with the `worker` role and an active profile can be
 * assigned jobs; slots are offered only where a skilled worker is free.
 */
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { databaseNow } from '../clock';
import { user } from './auth';
import { services } from './catalog';

export const workerProfiles = pgTable('worker_profiles', {
  userId: text('user_id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
  phone: text('phone'),
  /** Inactive workers get no new assignments and count for no capacity. */
  active: boolean('active').notNull().default(true),
  /** ZIP codes the worker serves; empty means the whole service area. */
  serviceZips: text('service_zips').array().notNull().default([]),
  notifyEmail: boolean('notify_email').notNull().default(true),
  notifySms: boolean('notify_sms').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

export const workerSkills = pgTable(
  'worker_skills',
  {
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    serviceSlug: text('service_slug').notNull().references(() => services.slug),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceSlug] })],
);

/** One weekly time range: weekday 0 (Sunday) to 6, minutes after local midnight, America/New_York. */
export const workerAvailability = pgTable(
  'worker_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [index('worker_availability_user_idx').on(t.userId)],
);

/** Days off, inclusive, as Tampa dates. */
export const workerTimeOff = pgTable(
  'worker_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    note: text('note'),
  },
  (t) => [index('worker_time_off_user_idx').on(t.userId)],
);

/** Mail sent (or, without SMTP_URL, kept in the dev outbox an admin can read). */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  /** An iCalendar attachment, when the mail carries one. */
  ics: text('ics'),
  template: text('template').notNull(),
  language: text('language').notNull(),
  bookingId: uuid('booking_id'),
  transport: text('transport').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
  /**
   * Why the message was recorded but not sent ('email_off': the customer turned booking emails
   * off in Settings > Preferences). The row still claims (booking, template), so it stays unsent.
   */
  skippedReason: text('skipped_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
