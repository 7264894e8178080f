/**
 * People tables named by the spec (section 3): `profiles` (one per user, same id) and
 * `user_roles`, whose enum `app_role` is declared admin, worker, user so that "the first role
 * in ascending order" is the strongest one a user holds.
 */
import { boolean, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../domain/roles';
import { databaseNow } from '../clock';
import { user } from './auth';

export const appRole = pgEnum('app_role', ROLES);

export const profiles = pgTable('profiles', {
  id: text('id').primaryKey().references(() => user.id, { onDelete: 'cascade' }),
  fullName: text('full_name').notNull(),
  termsAccepted: boolean('terms_accepted').notNull().default(false),
  phone: text('phone'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    role: appRole('role').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);
