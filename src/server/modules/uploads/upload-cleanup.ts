/**
 * Removes photos nobody used: an upload that no booking, no worker application and no chat
 * message (an image sent in a chat, issue #13) refers to 24 hours after it was sent goes, row and file. Runs with the periodic jobs (src/server/index.ts)
 * and is safe in several processes at once: each batch locks its rows FOR UPDATE SKIP LOCKED, so
 * two runs never pick the same row, and a row a booking is claiming right now (claimUpload locks
 * it) or a chat message is attaching (chat-attachment-owner.ts holds a share lock) is left for a later run. The foreign keys from bookings and worker_applications stay the
 * last word: a row something refers to cannot be deleted.
 * The bytes (disk or S3, upload-storage.ts) are removed inside the rows' transaction, after the
 * rows' delete has passed the foreign keys and before it commits: when the store cannot delete
 * (S3 down), the transaction rolls back and the rows stay for the next run, so no photo is left in
 * the bucket without a row that leads back to it (docs/decisions/033-upload-storage.md).
 */
import { subHours } from 'date-fns/subHours';
import { and, asc, eq, inArray, lt, notExists } from 'drizzle-orm';
import { bookings, chatMessages, jobPhotos, uploads, workerApplications } from '../../db/schema';
import type { AppDeps } from '../../lib/app-env';

/** How long an unused upload is kept: a guest's upload cookie lives as long. */
export const UNATTACHED_UPLOAD_TTL_HOURS = 24;
const BATCH = 200;
/** Deletes sent to the store at once. */
const DELETE_CONCURRENCY = 8;

/**
 * @returns how many uploads this run removed
 * @throws UploadStorageUnavailableError when the store cannot delete (the batch's rows are kept;
 *   the scheduled job logs it and the next run tries again)
 */
export async function removeAbandonedUploads(deps: Pick<AppDeps, 'db' | 'uploadStorage' | 'now' | 'logger'>): Promise<number> {
  const cutoff = subHours(deps.now(), UNATTACHED_UPLOAD_TTL_HOURS);
  let removed = 0;
  for (;;) {
    const batch = await deps.db.transaction(async (tx) => {
      const doomed = await tx
        .select({ id: uploads.id, storageKey: uploads.storageKey })
        .from(uploads)
        .where(
          and(
            lt(uploads.createdAt, cutoff),
            notExists(tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.photoUploadId, uploads.id))),
            notExists(tx.select({ id: workerApplications.id }).from(workerApplications).where(eq(workerApplications.uploadId, uploads.id))),
            notExists(tx.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.attachmentUploadId, uploads.id))),
            notExists(tx.select({ id: jobPhotos.id }).from(jobPhotos).where(eq(jobPhotos.uploadId, uploads.id))),
          ),
        )
        .orderBy(asc(uploads.createdAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (doomed.length === 0) return doomed;
      await tx.delete(uploads).where(inArray(uploads.id, doomed.map((d) => d.id)));
      await deleteStored(deps.uploadStorage, doomed.map((d) => d.storageKey));
      return doomed;
    });
    removed += batch.length;
    if (batch.length < BATCH) break;
  }
  if (removed > 0) deps.logger.info({ removed }, 'removed abandoned uploads');
  return removed;
}

/** Deletes the keys from the store, a few at a time; the first failure is thrown after the others finish. */
async function deleteStored(storage: AppDeps['uploadStorage'], keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += DELETE_CONCURRENCY) {
    const results = await Promise.allSettled(keys.slice(i, i + DELETE_CONCURRENCY).map((key) => storage.delete(key)));
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
}
