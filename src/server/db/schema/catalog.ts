/**
 * The service catalogue, the business settings (key -> JSON value), seeded at first start, and
 * the history of every change an admin makes to them (issue #12, /admin/settings). A service row
 * and a settings row each carry a `version`, raised by one on every save: a save names the version
 * it was based on, and one based on an older version is refused (compare-and-set,
 * docs/decisions/017-admin-settings.md).
 */
import { bigint, boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { databaseNow } from '../clock';
import { user } from './auth';

export const pricingModel = pgEnum('pricing_model', ['per_job', 'per_hour', 'per_room']);

export const services = pgTable('services', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  pricingModel: pricingModel('pricing_model').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  /** 1 as seeded; each admin save raises it by one. */
  version: integer('version').notNull().default(1),
  /** The admin who saved it last; null as seeded (or once their account is gone). */
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  /** 1 as seeded; each admin save raises it by one. A key without a row is version 0 (its default). */
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

/**
 * One row per admin save that changed something: the section (`service` with its slug, or a
 * settings section of src/domain/settings-contract.ts), the version the save made, the whole value
 * before and after (the changed fields are computed when read), who and when. Append-only; `id`
 * grows with each save, so it orders the history and pages it.
 */
export const settingsChanges = pgTable(
  'settings_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subject: text('subject').notNull(),
    serviceSlug: text('service_slug').references(() => services.slug),
    version: integer('version').notNull(),
    oldValue: jsonb('old_value').notNull(),
    newValue: jsonb('new_value').notNull(),
    changedBy: text('changed_by').references(() => user.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('settings_changes_subject_id_idx').on(t.subject, t.id)],
);
