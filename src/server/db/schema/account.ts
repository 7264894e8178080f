/**
 * The customer's own account data kept beside the profile: saved addresses (Settings, Saved
 * Addresses; at most one is the default, the routes keep that true), notification preferences
 * and which saved card is the default (the cards themselves live at the payment gateway).
 */
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { databaseNow } from '../clock';
import { user } from './auth';

export const savedAddresses = pgTable(
  'saved_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    unit: text('unit'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
  },
  (table) => [index('saved_addresses_user_idx').on(table.userId)],
);

/** Settings, Preferences: which notifications the customer wants (both on until changed). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  sms: boolean('sms').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

/**
 * Settings, Payment Methods: the saved card the customer chose as default. `payment_method_id`
 * is the gateway's id (`pm_…`); the card itself lives at the gateway, so a stored id whose card
 * is gone is ignored (the newest saved card is the default then).
 */
export const customerPaymentDefaults = pgTable('customer_payment_defaults', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  paymentMethodId: text('payment_method_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});
