/**
 * Photo uploads (furniture photos in the booking flow, a worker applicant's licence or ID). Only
 * images, sniffed by their bytes (file-type), at most 10 MB, then decoded and re-encoded
 * (photo-encoding.ts) and stored in the upload storage (DATA_DIR/uploads, or the S3 bucket:
 * upload-storage.ts) under a random key; within the uploader's quota
 * (upload-quota.ts). A photo sent before sign-in belongs to the guest's booking draft (a random
 * cookie token, kept hashed) until a booking claims it; a photo no booking or application uses
 * within 24 h is removed (upload-cleanup.ts).
 */
import { MAX_UPLOAD_BYTES } from '../../../domain/uploads-contract';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, or } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Database, Transaction } from '../../db/client';
import { bookings, jobPhotos, uploads } from '../../db/schema';
import { reencodePhoto } from './photo-encoding';
import { uploadFileError } from './upload-errors';
import { assertWithinUploadQuota, lockUploadQuota, type Uploader } from './upload-quota';
import type { UploadStorage } from './upload-storage';

export const ALLOWED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/heic', 'image/heif', 'image/avif'];
export const UPLOAD_OWNER_COOKIE = 'upload_owner';
/** How long a guest's upload cookie lives; their unused photos are removed after the same time. */
export const UPLOAD_OWNER_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;

export interface UploadOwner {
  userId: string | null;
  /** The anonymous browser's cookie token, when any. */
  anonymousToken: string | null;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newAnonymousToken = () => randomBytes(24).toString('base64url');

/**
 * Stores an image as our own re-encoded JPEG, if the uploader is within their quota. The bytes
 * are stored first and the row written after, so a row always has its bytes; when the row is
 * refused (quota) the bytes are removed again.
 * @param now the request's time (the clock tests pin): the row's created_at, the quota's hour
 * @returns the upload's id, its stored content type (image/jpeg) and stored size in bytes
 * @throws AppError 400 validation_failed with details.file = validation.fileRequired | fileTooLarge
 *   | fileTypeInvalid | heicUnsupported | imageTooLarge; UploadQuotaError 429 upload_rate_limited | upload_quota_exceeded;
 *   UploadStorageUnavailableError 503 upload_storage_unavailable (nothing written to the database)
 */
export async function saveUpload(ctx: { db: Database; storage: UploadStorage; now: Date }, file: unknown, uploader: Uploader) {
  if (!(file instanceof File) || file.size === 0) throw uploadFileError('validation.fileRequired');
  if (file.size > MAX_UPLOAD_BYTES) throw uploadFileError('validation.fileTooLarge');
  const original = Buffer.from(await file.arrayBuffer());
  const detected = await fileTypeFromBuffer(original);
  if (!detected || !ALLOWED_IMAGE_TYPES.includes(detected.mime)) throw uploadFileError('validation.fileTypeInvalid');
  const photo = await reencodePhoto(original, detected.mime);

  // Our own random name: nothing of the uploader's (file name, type) reaches a path or an object key.
  const storageKey = `${randomBytes(16).toString('hex')}.${photo.extension}`;
  await ctx.storage.put(storageKey, photo.bytes, photo.contentType);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      await lockUploadQuota(tx, uploader);
      await assertWithinUploadQuota(tx, uploader, ctx.now, photo.bytes.length);
      const [inserted] = await tx
        .insert(uploads)
        .values({
          ownerUserId: uploader.kind === 'user' ? uploader.userId : null,
          anonymousOwnerHash: uploader.kind === 'guest' ? uploader.draftTokenHash : null,
          uploaderIpHash: uploader.kind === 'guest' ? uploader.ipHash : null,
          contentType: photo.contentType,
          sizeBytes: photo.bytes.length,
          storageKey,
          createdAt: ctx.now,
        })
        .returning();
      return inserted!;
    });
    return { id: row.id, contentType: row.contentType, sizeBytes: row.sizeBytes };
  } catch (error) {
    // The caller gets the row's error; bytes left behind by a store that also fails now are only
    // unreferenced bytes (logged by the store), never a row without its photo.
    await ctx.storage.delete(storageKey).catch(() => {});
    throw error;
  }
}

/**
 * Whether this caller may see the upload: its owner, its anonymous uploader, the customer or the
 * assigned worker of a booking using it (as its photo or a job photo), or an admin.
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
    // A job photo (issue #14): the booking's customer and its worker.
    const [jobPhoto] = await db
      .select({ id: jobPhotos.id })
      .from(jobPhotos)
      .innerJoin(bookings, eq(bookings.id, jobPhotos.bookingId))
      .where(and(eq(jobPhotos.uploadId, uploadId), or(eq(bookings.customerId, owner.userId), eq(bookings.workerId, owner.userId))));
    if (jobPhoto) return row;
  }
  return null;
}

/**
 * Gives an upload to the user who books with it, inside the booking's transaction.
 * @returns false when the caller may not use this upload
 */
export async function claimUpload(tx: Transaction, uploadId: string, owner: UploadOwner & { userId: string }): Promise<boolean> {
  // Locked until the booking commits: the cleanup skips (SKIP LOCKED) a row being claimed, and a
  // claim that waited for the cleanup finds the row gone and refuses it.
  const [row] = await tx.select().from(uploads).where(eq(uploads.id, uploadId)).for('update');
  if (!row) return false;
  if (row.ownerUserId === owner.userId) return true;
  if (row.ownerUserId || !owner.anonymousToken || row.anonymousOwnerHash !== hashToken(owner.anonymousToken)) return false;
  await tx.update(uploads).set({ ownerUserId: owner.userId, anonymousOwnerHash: null, uploaderIpHash: null }).where(eq(uploads.id, uploadId));
  return true;
}
