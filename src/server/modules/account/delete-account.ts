/**
 * Deleting one's account (Settings, Account Security): customers only (staff accounts answer 409
 * `staff_account`), and refused while the customer has a booking
 * that is not finished (pending, confirmed, en route, in progress) — those must be cancelled
 * first. Otherwise the personal data goes: name, email, phone, user metadata, saved addresses,
 * preferences, the default-card choice, roles, sessions, the password and their chat
 * conversations (with every message in them); after that commits,
 * the cards saved at the payment gateway are removed (Stripe: detached; a failure is logged, the
 * deletion stands — no booking is open, so no hold or charge needs them any more). The user row
 * stays (bookings and the ledger point at it, for accounting) under a placeholder name and an
 * unusable email, and the bookings keep their money and dates with the address street, contact
 * phone and notes blanked.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Logger } from '../../lib/logger';
import type { PaymentGateway } from '../../payments/gateway';
import {
  account,
  bookings,
  conversations,
  customerPaymentDefaults,
  notificationPreferences,
  profiles,
  savedAddresses,
  session,
  user,
  userRoles,
} from '../../db/schema';
import { roleOf } from '../../auth/roles';
import { conflict } from '../../lib/errors';

const UNFINISHED = ['pending', 'confirmed', 'en_route', 'in_progress'] as const;
export const DELETED_NAME = 'Deleted user';

/**
 * @throws AppError 409 `staff_account` for a worker or an admin (their jobs and the business's
 *   last admin must not vanish with a click: an admin removes the staff role first),
 *   409 `upcoming_bookings` while an unfinished booking exists.
 */
export async function deleteAccount(deps: { db: Database; gateway: PaymentGateway; logger: Logger }, userId: string): Promise<void> {
  const { db, gateway, logger } = deps;
  if ((await roleOf(db, userId)) !== 'user') throw conflict('staff_account', 'account.deleteStaffAccount');
  await db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.customerId, userId), inArray(bookings.status, [...UNFINISHED])))
      .limit(1);
    if (open) throw conflict('upcoming_bookings', 'account.deleteHasBookings');

    await tx.update(bookings).set({ street: '', unit: null, contactPhone: '', notes: null }).where(eq(bookings.customerId, userId));
    await tx.delete(savedAddresses).where(eq(savedAddresses.userId, userId));
    // their chats are personal data: messages, read marks and response records go with them (cascade)
    await tx.delete(conversations).where(eq(conversations.customerId, userId));
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx.delete(customerPaymentDefaults).where(eq(customerPaymentDefaults.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    await tx.update(profiles).set({ fullName: DELETED_NAME, phone: null }).where(eq(profiles.id, userId));
    await tx.delete(session).where(eq(session.userId, userId));
    await tx.delete(account).where(eq(account.userId, userId));
    await tx
      .update(user)
      .set({ name: DELETED_NAME, email: `deleted-${userId}@deleted.invalid`, image: null, userMetadata: {} })
      .where(eq(user.id, userId));
  });
  try {
    for (const card of await gateway.listSavedCards(userId)) await gateway.removeSavedCard(userId, card.paymentMethodId);
  } catch (error) {
    logger.error({ err: error, userId }, 'saved cards of a deleted account not removed at the gateway');
  }
}
