/**
 * The shapes of the ids the API takes, in paths and in bodies (issue #10). Checking the shape
 * first keeps impossible ids away from the database, where they fail instead of matching
 * nothing: a non-UUID compared with a `uuid` column raises an error, and `text` cannot hold a
 * NUL character. A path id of the wrong shape names nothing, so the server answers it 404.
 * Messages are i18n keys.
 */
import { z } from 'zod';
import { hasNoNul } from './text';

/** Ids of the rows we create ourselves (bookings, saved addresses, applications, uploads): UUIDs. */
export const recordIdSchema = z.uuid({ error: 'errors.notFound' });

/**
 * Ids made by others and kept as text: user ids (Better Auth's random ids, the seeded
 * `demo-technician`) and the payment gateway's ids (Stripe `pm_…`). Opaque, so only what the
 * database could not hold or no issuer makes is refused: empty, over 200 characters, a NUL.
 * @param required the i18n key for a missing or empty id
 */
export function textIdSchema(required = 'validation.invalid') {
  return z
    .string({ error: required })
    .min(1, { error: required })
    .max(200, { error: 'validation.invalid' })
    .refine(hasNoNul, { error: 'validation.invalidCharacters' });
}
