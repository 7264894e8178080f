/**
 * Role resolution (spec section 3 and 6): the first `user_roles` row in ascending enum order
 * (admin < worker < user, so the strongest role wins), default `user`.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { userRoles } from '../db/schema';

export type Role = 'admin' | 'worker' | 'user';

export async function roleOf(db: Database, userId: string): Promise<Role> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.role)).limit(1);
  return row?.role ?? 'user';
}
