/**
 * Making a user a worker: the worker role, an active profile, all three skills and the business
 * hours every day as availability — a sensible start the worker edits at /worker/availability.
 * Used by `npm run user:create -- --role worker` (and by worker-application approval later).
 */
import { businessHoursWeek } from '../../../domain/capacity';
import { SERVICE_SLUGS, type ServiceSlug } from '../../../domain/services';
import { DEFAULT_SLOT_RULES } from '../../../domain/slots';
import type { Database } from '../../db/client';
import { userRoles, workerAvailability, workerProfiles, workerSkills } from '../../db/schema';
import { announceCapacityChange } from './capacity-caches';

export async function makeWorker(db: Database, userId: string, options: { skills?: readonly ServiceSlug[]; phone?: string | null } = {}): Promise<void> {
  await db.transaction(async (tx) => {
    // A new worker adds capacity: every process's cached day plans go on commit (issue #16).
    await announceCapacityChange(tx, { scope: 'workers' });
    await tx.insert(userRoles).values({ userId, role: 'worker' }).onConflictDoNothing();
    const [created] = await tx.insert(workerProfiles).values({ userId, phone: options.phone ?? null }).onConflictDoNothing().returning();
    if (!created) return; // an existing worker keeps their settings
    await tx.insert(workerSkills).values((options.skills ?? SERVICE_SLUGS).map((serviceSlug) => ({ userId, serviceSlug }))).onConflictDoNothing();
    await tx.insert(workerAvailability).values(businessHoursWeek(DEFAULT_SLOT_RULES).map((range) => ({ userId, ...range })));
  });
}
