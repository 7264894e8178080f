/**
 * Role resolution (spec sections 3 and 6): the first `user_roles` row in ascending enum order
 * (admin < worker < user, so the strongest role wins); without one, the role in the user's
 * metadata (`users.user_metadata.role`, written only by the server: see schema/auth.ts);
 * default `user`. An unknown metadata value counts as none.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Role } from '../../domain/roles';
import { user } from '../db/schema';

export type { Role };

/**
 * The resolved role of the `users` row in the query, as an SQL expression (text). Written with
 * qualified names by hand: Drizzle drops table names inside a single-table select, which would
 * make the correlated subquery compare user_roles with itself.
 */
export const resolvedRole = sql<Role>`coalesce(
  (select ur.role::text from user_roles ur where ur.user_id = "users"."id" order by ur.role asc limit 1),
  case when "users"."user_metadata"->>'role' in ('admin', 'worker', 'user') then "users"."user_metadata"->>'role' end,
  'user')`;

/** The user's role; `user` for an unknown id. */
export async function roleOf(db: Database, userId: string): Promise<Role> {
  const [row] = await db.select({ role: resolvedRole }).from(user).where(eq(user.id, userId));
  return row?.role ?? 'user';
}
