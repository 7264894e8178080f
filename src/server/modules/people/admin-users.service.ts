/**
 * Users as the admin sees them (issue #5): a searchable, paged list with each user's role,
 * join date and bookings count; role changes (an admin can't drop their own admin role);
 * disabling an account (a row in disabled_users, and every session of the user deleted).
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminUsersQuerySchema } from '../../../domain/admin-users';
import type { Database } from '../../db/client';
import { bookings, disabledUsers, session, user, userRoles, workerProfiles } from '../../db/schema';
import { notFound, ruleBroken } from '../../lib/errors';
import { resolvedRole, type Role } from '../../auth/roles';
import { makeWorker } from '../workers/worker-defaults';
import { announceCapacityChange } from '../workers/capacity-caches';

/** Users newest first; `q` matches name or email (case-insensitive, substring). */
export async function listUsers(db: Database, query: z.output<typeof adminUsersQuerySchema>) {
  const pattern = query.q?.trim() ? `%${query.q.trim().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where = pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern)) : undefined;
  const [{ total }] = await db.select({ total: count() }).from(user).where(where);
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email, createdAt: user.createdAt, disabledAt: disabledUsers.disabledAt, role: resolvedRole })
    .from(user)
    .leftJoin(disabledUsers, eq(disabledUsers.userId, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await db.select({ customerId: bookings.customerId, n: sql<number>`count(*)::int` }).from(bookings).where(inArray(bookings.customerId, ids)).groupBy(bookings.customerId)
    : [];
  const users = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    joinedAt: r.createdAt,
    role: r.role,
    bookingsCount: counts.find((x) => x.customerId === r.id)?.n ?? 0,
    disabled: r.disabledAt !== null,
  }));
  return { users, total, page: query.page, pageSize: query.pageSize };
}

async function requireExisting(db: Database, userId: string) {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!row) throw notFound();
}

/**
 * Gives the user exactly one role. Becoming a worker makes (or reactivates) their worker
 * profile; leaving the worker role deactivates it so they get no new assignments.
 * @throws AppError 404, 422 own_admin_role when an admin would drop their own admin role
 */
export async function setRole(db: Database, actorId: string, userId: string, role: Role): Promise<void> {
  await requireExisting(db, userId);
  if (actorId === userId && role !== 'admin') throw ruleBroken('own_admin_role', 'peopleErrors.ownAdminRole');
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (role === 'worker') {
    await makeWorker(db, userId);
    await db.update(workerProfiles).set({ active: true }).where(eq(workerProfiles.userId, userId));
  } else {
    await db.insert(userRoles).values({ userId, role });
    await db.update(workerProfiles).set({ active: false }).where(eq(workerProfiles.userId, userId));
  }
  // Gaining or losing the worker role changes capacity: every process's cached day plans go (issue #16).
  await announceCapacityChange(db, { scope: 'workers' });
}

/** @throws AppError 404, 422 disable_self */
export async function disableUser(db: Database, actorId: string, userId: string, now: Date): Promise<void> {
  await requireExisting(db, userId);
  if (actorId === userId) throw ruleBroken('disable_self', 'peopleErrors.disableSelf');
  await db.transaction(async (tx) => {
    await tx.insert(disabledUsers).values({ userId, disabledBy: actorId, disabledAt: now }).onConflictDoNothing();
    await tx.delete(session).where(eq(session.userId, userId));
  });
}

/** @throws AppError 404 */
export async function enableUser(db: Database, userId: string): Promise<void> {
  await requireExisting(db, userId);
  await db.delete(disabledUsers).where(eq(disabledUsers.userId, userId));
}

export async function isDisabled(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: disabledUsers.userId }).from(disabledUsers).where(eq(disabledUsers.userId, userId));
  return Boolean(row);
}

