/**
 * What a booking teaches the customer's account (issue #14, defect 6): the address, when they
 * ticked "Save this address", joins Settings > Saved Addresses, and the call-back phone fills
 * the profile's phone when the profile has none. Runs inside the booking's own transaction, so a
 * booking that is not written remembers nothing.
 *
 * The phone on the profile is never overwritten: a customer booking for a relative's house may
 * give another number once, and the profile phone is theirs to change in Settings.
 */
import { and, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { Address } from '../../../domain/address';
import type { Database, Transaction } from '../../db/client';
import { profiles, savedAddresses } from '../../db/schema';

/** Street, unit, city, state and ZIP compared without case or extra spaces. */
function sameAddressKey(address: { street: string; unit?: string | null; city: string; state: string; zip: string }): string {
  const norm = (value: string | null | undefined) => (value ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
  return [address.street, address.unit, address.city, address.state, address.zip].map(norm).join('|');
}

/**
 * Adds `address` to the customer's saved addresses unless one like it (same street, unit, city,
 * state and ZIP, ignoring case and spacing) is already there. The first saved address becomes
 * the default. Locks the customer's profile row first, so two bookings at once (even the very
 * first two, with no saved-address rows to lock yet) save it once.
 * @returns whether a new saved address was written
 */
export async function rememberAddress(tx: Transaction, userId: string, address: Address): Promise<boolean> {
  await tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.id, userId)).for('update');
  const existing = await tx.select().from(savedAddresses).where(eq(savedAddresses.userId, userId));
  const key = sameAddressKey(address);
  if (existing.some((row) => sameAddressKey(row) === key)) return false;
  await tx.insert(savedAddresses).values({
    userId,
    street: address.street,
    unit: address.unit || null,
    city: address.city,
    state: address.state,
    zip: address.zip,
    isDefault: existing.length === 0,
  });
  return true;
}

/**
 * The update that writes `phone` (E.164) to the customer's profile when the profile has no phone
 * yet; not run until awaited, or until a statement takes it as a CTE (booking creation, issue #16,
 * where both come as placeholders of a statement built once: db/named-statement.ts).
 */
export function rememberPhone(tx: Transaction | Database, userId: string | Placeholder, phone: string | Placeholder) {
  // sql`` takes a placeholder where drizzle's `set` types take only values.
  return tx.update(profiles).set({ phone: sql`${phone}` }).where(and(eq(profiles.id, userId), isNull(profiles.phone)));
}
