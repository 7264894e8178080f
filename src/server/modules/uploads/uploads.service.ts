/**
 * Photo uploads (furniture photos in the booking flow). Only images, checked by their bytes
 * (file-type), at most 10 MB, stored under DATA_DIR/uploads. A photo sent before sign-in belongs
 * to the browser that sent it (a random cookie token, kept hashed) until a booking claims it.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, or } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database, Transaction } from '../../db/client';
import { bookings, uploads } from '../../db/schema';
import { badRequest } from '../../lib/errors';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif'];
export const UPLOAD_OWNER_COOKIE = 'upload_owner';

export interface UploadOwner {
  userId: string | null;
  /** The anonymous browser's cookie token, when any. */
  anonymousToken: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newAnonymousToken = () => randomBytes(24).toString('base64url');

/**
 * Stores an image.
 * @throws AppError 400 with details.file = validation.fileRequired | fileTooLarge | fileTypeInvalid
 */
export async function saveUpload(db: Database, dataDir: string, file: unknown, owner: UploadOwner) {
  if (!(file instanceof File) || file.size === 0) throw fileError('validation.fileRequired');
  if (file.size > MAX_UPLOAD_BYTES) throw fileError('validation.fileTooLarge');
  const bytes = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ALLOWED_IMAGE_TYPES.includes(detected.mime)) throw fileError('validation.fileTypeInvalid');

  const dir = path.join(dataDir, 'uploads');
  await fs.mkdir(dir, { recursive: true });
  const storageKey = `${randomBytes(16).toString('hex')}.${detected.ext}`;
  await fs.writeFile(path.join(dir, storageKey), bytes);
  const [row] = await db
    .insert(uploads)
    .values({
      ownerUserId: owner.userId,
      anonymousOwnerHash: owner.userId ? null : owner.anonymousToken ? hashToken(owner.anonymousToken) : null,
      contentType: detected.mime,
      sizeBytes: bytes.length,
      storageKey,
    })
    .returning();
  return { id: row!.id, contentType: row!.contentType, sizeBytes: row!.sizeBytes };
}

function fileError(key: string) {
  return badRequest('validation_failed', 'errors.validationFailed', { details: { file: key } });
}

/**
 * Whether this caller may see the upload: its owner, its anonymous uploader, the customer or the
 * assigned worker of a booking using it, or an admin.
 */
export async function canReadUpload(db: Database, uploadId: string, owner: UploadOwner & { isAdmin?: boolean }) {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row) return null;
  if (owner.isAdmin) return row;
  if (owner.userId && row.ownerUserId === owner.userId) return row;
  if (!row.ownerUserId && owner.anonymousToken && row.anonymousOwnerHash === hashToken(owner.anonymousToken)) return row;
  if (owner.userId) {
    const [booking] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.photoUploadId, uploadId), or(eq(bookings.customerId, owner.userId), eq(bookings.workerId, owner.userId))));
    if (booking) return row;
  }
  return null;
}

/**
 * Gives an upload to the user who books with it, inside the booking's transaction.
 * @returns false when the caller may not use this upload
 */
export async function claimUpload(tx: Transaction, uploadId: string, owner: UploadOwner & { userId: string }): Promise<boolean> {
  const [row] = await tx.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!row) return false;
  if (row.ownerUserId === owner.userId) return true;
  if (row.ownerUserId || !owner.anonymousToken || row.anonymousOwnerHash !== hashToken(owner.anonymousToken)) return false;
  await tx.update(uploads).set({ ownerUserId: owner.userId, anonymousOwnerHash: null }).where(eq(uploads.id, uploadId));
  return true;
}

export async function readUploadFile(dataDir: string, storageKey: string): Promise<Buffer> {
  return fs.readFile(path.join(dataDir, 'uploads', path.basename(storageKey)));
}
