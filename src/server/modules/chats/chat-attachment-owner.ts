/**
 * Which upload a sender may attach to a chat message (issue #13): only their own photo from
 * `POST /api/uploads` — a signed-in sender's (owner_user_id), or one sent from the same browser
 * before sign-in / by a guest (the uploads module's anonymous `upload_owner` cookie, stored as
 * anonymous_owner_hash). Anyone else's, or one that does not exist (any more): 422.
 */
import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { uploads } from '../../db/schema';
import { ruleBroken } from '../../lib/errors';
import { hashToken } from '../uploads/uploads.service';

/** What the sender offers: the upload's id and who they are to the uploads module. */
export interface AttachmentClaim {
  uploadId: string;
  /** The signed-in sender (null for a guest). */
  userId: string | null;
  /** The browser's `upload_owner` cookie token, when any. */
  anonymousToken: string | null;
}

/**
 * Checks that the upload is the sender's and holds a share lock on its row until the transaction
 * ends (the upload cleanup skips locked rows, so it cannot remove it under the new message).
 * @throws AppError 422 attachment_invalid (`chats.attachmentInvalid`) for no such upload or someone else's
 */
export async function lockOwnAttachment(tx: Transaction, claim: AttachmentClaim): Promise<void> {
  const [row] = await tx
    .select({ ownerUserId: uploads.ownerUserId, anonymousOwnerHash: uploads.anonymousOwnerHash })
    .from(uploads)
    .where(eq(uploads.id, claim.uploadId))
    .for('share');
  const mine =
    row !== undefined &&
    ((claim.userId !== null && row.ownerUserId === claim.userId) ||
      (row.ownerUserId === null && claim.anonymousToken !== null && row.anonymousOwnerHash === hashToken(claim.anonymousToken)));
  if (!mine) throw ruleBroken('attachment_invalid', 'chats.attachmentInvalid');
}
