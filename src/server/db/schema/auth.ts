/**
 * Better Auth's four tables (user, session, account, verification), written from its
 * documented core schema (better-auth.com/docs/concepts/database#core-schema). The JS keys are
 * what the Drizzle adapter looks up; the SQL names are plural and snake_case.
 */
import { relations } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { databaseNow } from '../clock';

/**
 * Spec section 3 "user_metadata with full_name and role". Written only by the server (sign-up
 * copies the full name; `user:create` and imported accounts may carry a role); Better Auth does
 * not know the column, so no sign-up or update request can set it.
 */
export interface UserMetadata {
  full_name?: string;
  role?: string;
}

export const user = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  userMetadata: jsonb('user_metadata').$type<UserMetadata>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

export const session = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id').notNull().references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verification = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow().$onUpdate(databaseNow),
});

/**
 * The relations Better Auth's joined reads use (`advanced.database.joins` in auth/auth.ts; its
 * Drizzle adapter's `db.query` names): a session and its user, or a user and its accounts, in one
 * query instead of two (issue #16: every signed-in request reads its session). No columns or
 * constraints: drizzle-kit writes nothing for these.
 */
export const sessionRelations = relations(session, ({ one }) => ({ user: one(user, { fields: [session.userId], references: [user.id] }) }));
export const accountRelations = relations(account, ({ one }) => ({ user: one(user, { fields: [account.userId], references: [user.id] }) }));
export const userRelations = relations(user, ({ many }) => ({ sessions: many(session), accounts: many(account) }));
