/** The service catalogue and the business settings (key -> JSON value), seeded at first start. */
import { boolean, integer, jsonb, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { databaseNow } from '../clock';

export const pricingModel = pgEnum('pricing_model', ['per_job', 'per_hour', 'per_room']);

export const services = pgTable('services', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  pricingModel: pricingModel('pricing_model').notNull(),
  unitPriceCents: integer('unit_price_cents').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});
