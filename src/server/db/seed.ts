/**
 * Seeds what an empty database needs to take bookings: the three services at their listed
 * prices and the default settings. Existing rows are left alone, so an admin's edits survive
 * restarts.
 */
import { DEFAULT_SERVICES } from '../../domain/services';
import { DEFAULT_SERVICE_AREA_ZIPS } from '../../domain/service-area';
import { DEFAULT_CAPACITY_RULES } from '../../domain/capacity';
import { DEFAULT_TAX_RATE_BPS } from '../../domain/pricing';
import { DEFAULT_CANCELLATION_POLICY } from '../../domain/cancellation-policy';
import { DEFAULT_MONEY_LIMITS } from '../../domain/money-limits';
import type { Database } from './client';
import { services, settings, user, workerProfiles } from './schema';
import { makeWorker } from '../modules/workers/worker-defaults';
import { DEFAULT_CONTACT_PROMISE_MINUTES } from '../../domain/contact-promise';

const SERVICE_NAMES: Record<string, string> = {
  'tv-installation': 'TV installation',
  'furniture-assembly': 'Furniture assembly',
  painting: 'Painting',
};

/** Default business settings (keys of the `settings` table). */
export const DEFAULT_SETTINGS = {
  tax_rate_bps: DEFAULT_TAX_RATE_BPS,
  service_area_zips: DEFAULT_SERVICE_AREA_ZIPS,
  slot_rules: DEFAULT_CAPACITY_RULES,
  cancellation_policy: DEFAULT_CANCELLATION_POLICY,
  money_limits: DEFAULT_MONEY_LIMITS,
  /** The call-back promise after a booking (spec section 1: "within 5-10 minutes"). */
  contact_promise_minutes: DEFAULT_CONTACT_PROMISE_MINUTES,
} as const;

export async function seedDatabase(db: Database): Promise<void> {
  await db
    .insert(services)
    .values(DEFAULT_SERVICES.map((s, i) => ({ slug: s.slug, name: SERVICE_NAMES[s.slug]!, pricingModel: s.pricingModel, unitPriceCents: s.unitPriceCents, sortOrder: i })))
    .onConflictDoNothing();
  await db
    .insert(settings)
    .values(Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing();
}

export const DEMO_WORKER_ID = 'demo-technician';

/**
 * On a database with no workers at all, adds one demo technician (all skills, business hours
 * every day, no password so nobody signs in as them) so that a fresh machine offers time slots.
 * Development only (config.seedDemoWorker); docs/decisions/008-demo-technician.md.
 * @returns whether it was added
 */
export async function seedDemoWorker(db: Database): Promise<boolean> {
  const [anyWorker] = await db.select({ id: workerProfiles.userId }).from(workerProfiles).limit(1);
  if (anyWorker) return false;
  await db.insert(user).values({ id: DEMO_WORKER_ID, name: 'Demo Technician', email: 'demo-technician@tampahandyman.example' }).onConflictDoNothing();
  await makeWorker(db, DEMO_WORKER_ID);
  return true;
}
