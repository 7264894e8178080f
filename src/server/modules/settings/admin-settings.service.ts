/**
 * Reading and saving the business settings from /admin/settings (issue #12), and their history.
 *
 * A save is a compare-and-set on one section (a service's row, or one `settings` key): under the
 * row's lock, the value is compared with the one stored; an equal value changes nothing (a retry
 * of a save that went through answers the same); otherwise the save must name the version it was
 * based on, the version is raised by one, and the change is written to `settings_changes` (who,
 * when, the value before and after) in the same transaction. A save based on an older version is
 * refused with the section as it is now, so that two admins saving at once never lose a change
 * silently (docs/decisions/017-admin-settings.md). A save is announced on `capacity_changes`, so
 * every process drops its cached settings and day plans on commit (issue #16).
 */
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import {
  SETTINGS_SECTIONS,
  settingChanges,
  type AdminSettings,
  type HistorySubject,
  type SectionState,
  type SectionValues,
  type ServiceSetting,
  type ServiceSettingState,
  type SettingsHistory,
  type SettingsSection,
} from '../../../domain/settings-contract';
import type { ServiceSlug } from '../../../domain/services';
import type { Database, Transaction } from '../../db/client';
import { services, settings, settingsChanges, user } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { SECTION_STORES, type SettingsDefaults } from './settings-sections';
import { announceCapacityChange } from '../workers/capacity-caches';

/** What a save did: `saved` (a new version), `unchanged` (the value was already stored), or `conflict` (based on an older version; `state` is the current one). */
export type SaveResult<V> = { outcome: 'saved' | 'unchanged' | 'conflict'; state: SectionState<V> };

export interface SaveContext {
  db: Database;
  /** The admin saving. */
  adminId: string;
  now: Date;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const sameValue = (a: unknown, b: unknown) => settingChanges(a, b).length === 0;

async function adminNames(db: Database | Transaction, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

const byOf = (names: Map<string, string>, id: string | null) => (id && names.has(id) ? { id, name: names.get(id)! } : null);

/**
 * Every service and every section as they are now, with versions (0: never saved, the defaults).
 * @param defaults the config's support phone and email (the support section until saved)
 */
export async function readAdminSettings(db: Database, defaults: SettingsDefaults): Promise<AdminSettings> {
  const [serviceRows, settingRows] = await Promise.all([db.select().from(services).orderBy(asc(services.sortOrder)), db.select().from(settings)]);
  const names = await adminNames(db, [...serviceRows.map((row) => row.updatedBy), ...settingRows.map((row) => row.updatedBy)]);
  const rows = new Map(settingRows.map((row) => [row.key, row]));
  const sections = Object.fromEntries(
    SETTINGS_SECTIONS.map((section) => {
      const row = rows.get(SECTION_STORES[section].key);
      const state: SectionState<unknown> = {
        value: SECTION_STORES[section].decode(row?.value, defaults),
        version: row?.version ?? 0,
        updatedAt: row?.updatedBy ? iso(row.updatedAt) : null,
        updatedBy: byOf(names, row?.updatedBy ?? null),
      };
      return [section, state];
    }),
  ) as AdminSettings['sections'];
  return { services: serviceRows.map((row) => serviceState(row, names)), sections };
}

function serviceState(row: typeof services.$inferSelect, names: Map<string, string>): ServiceSettingState {
  return {
    slug: row.slug as ServiceSlug,
    pricingModel: row.pricingModel,
    value: { unitPriceCents: row.unitPriceCents, active: row.active },
    version: row.version,
    updatedAt: row.updatedBy ? row.updatedAt.toISOString() : null,
    updatedBy: byOf(names, row.updatedBy),
  };
}

async function recordChange(tx: Transaction, ctx: SaveContext, change: { subject: HistorySubject; serviceSlug?: ServiceSlug; version: number; oldValue: unknown; newValue: unknown }) {
  await tx.insert(settingsChanges).values({ ...change, serviceSlug: change.serviceSlug ?? null, changedBy: ctx.adminId, changedAt: ctx.now });
}

/**
 * Saves a service's price and whether it is offered.
 * @param version the version the admin's form was based on
 * @throws AppError 404 for a service not in the catalogue
 * @returns the outcome and the service's state afterwards (the current one on a conflict)
 */
export async function saveServiceSetting(ctx: SaveContext, slug: ServiceSlug, version: number, value: ServiceSetting): Promise<SaveResult<ServiceSetting> & { state: ServiceSettingState }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(services).where(eq(services.slug, slug)).for('update');
    if (!row) throw notFound();
    const current = { unitPriceCents: row.unitPriceCents, active: row.active };
    if (sameValue(current, value)) return { outcome: 'unchanged' as const, state: serviceState(row, await adminNames(tx, [row.updatedBy])) };
    if (row.version !== version) return { outcome: 'conflict' as const, state: serviceState(row, await adminNames(tx, [row.updatedBy])) };
    const [saved] = await tx
      .update(services)
      .set({ unitPriceCents: value.unitPriceCents, active: value.active, version: row.version + 1, updatedBy: ctx.adminId, updatedAt: ctx.now })
      .where(and(eq(services.slug, slug), eq(services.version, version)))
      .returning();
    await recordChange(tx, ctx, { subject: 'service', serviceSlug: slug, version: saved!.version, oldValue: current, newValue: value });
    await announceCapacityChange(tx, { scope: 'settings' });
    return { outcome: 'saved' as const, state: serviceState(saved!, await adminNames(tx, [ctx.adminId])) };
  });
}

/**
 * Saves one section of the settings (validated by its schema in src/domain/settings-contract.ts).
 * A section never saved is version 0: the first save inserts its row; if another admin's first
 * save got there first, this one is a conflict.
 * @param defaults the config's support phone and email (the support section's value until saved)
 * @returns the outcome and the section's state afterwards (the current one on a conflict)
 */
export async function saveSettingsSection<S extends SettingsSection>(
  ctx: SaveContext & { defaults: SettingsDefaults },
  section: S,
  version: number,
  value: SectionValues[S],
): Promise<SaveResult<SectionValues[S]>> {
  const store = SECTION_STORES[section];
  const key = store.key;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(settings).where(eq(settings.key, key)).for('update');
    const current = store.decode(row?.value, ctx.defaults) as SectionValues[S];
    const stateOf = async (r: typeof row, v: SectionValues[S]): Promise<SectionState<SectionValues[S]>> => ({
      value: v,
      version: r?.version ?? 0,
      updatedAt: r?.updatedBy ? r.updatedAt.toISOString() : null,
      updatedBy: byOf(await adminNames(tx, [r?.updatedBy ?? null]), r?.updatedBy ?? null),
    });
    if (sameValue(current, value)) return { outcome: 'unchanged' as const, state: await stateOf(row, current) };
    if ((row?.version ?? 0) !== version) return { outcome: 'conflict' as const, state: await stateOf(row, current) };
    const stored = store.encode(value as never);
    let saved: typeof row;
    if (row) {
      [saved] = await tx
        .update(settings)
        .set({ value: stored, version: row.version + 1, updatedBy: ctx.adminId, updatedAt: ctx.now })
        .where(and(eq(settings.key, key), eq(settings.version, version)))
        .returning();
    } else {
      // No row to lock: of two first saves, the second finds the key taken and conflicts.
      [saved] = await tx.insert(settings).values({ key, value: stored, version: 1, updatedBy: ctx.adminId, updatedAt: ctx.now }).onConflictDoNothing().returning();
      if (!saved) {
        const [winner] = await tx.select().from(settings).where(eq(settings.key, key));
        return { outcome: 'conflict' as const, state: await stateOf(winner, store.decode(winner?.value, ctx.defaults) as SectionValues[S]) };
      }
    }
    await recordChange(tx, ctx, { subject: section, version: saved!.version, oldValue: current, newValue: value });
    await announceCapacityChange(tx, { scope: 'settings' });
    return { outcome: 'saved' as const, state: await stateOf(saved, store.decode(saved!.value, ctx.defaults) as SectionValues[S]) };
  });
}

/**
 * The saves, newest first, each with the fields it changed (old -> new) and who made it.
 * @param query.before the `id` of the last entry already shown (older ones follow)
 */
export async function readSettingsHistory(db: Database, query: { subject?: HistorySubject; limit: number; before?: number }): Promise<SettingsHistory> {
  const conditions = [query.subject ? eq(settingsChanges.subject, query.subject) : undefined, query.before ? lt(settingsChanges.id, query.before) : undefined].filter((c) => c !== undefined);
  const rows = await db
    .select({ change: settingsChanges, name: user.name, email: user.email })
    .from(settingsChanges)
    .leftJoin(user, eq(user.id, settingsChanges.changedBy))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(settingsChanges.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(({ change, name, email }) => ({
      id: change.id,
      subject: change.subject as HistorySubject,
      service: (change.serviceSlug as ServiceSlug | null) ?? null,
      version: change.version,
      changedAt: change.changedAt.toISOString(),
      changedBy: change.changedBy ? { id: change.changedBy, name: name ?? '', email: email ?? '' } : null,
      changes: settingChanges(change.oldValue, change.newValue),
    })),
    nextBefore: rows.length > query.limit ? page[page.length - 1]!.change.id : null,
  };
}
