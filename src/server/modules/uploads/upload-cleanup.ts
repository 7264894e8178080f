/**
 * Removes photos nobody used: an upload that no booking, no worker application and no chat
 * message (an image sent in a chat, issue #13) refers to 24 hours after it was sent goes, row and file. Runs with the periodic jobs (src/server/index.ts)
 * and is safe in several processes at once: each batch locks its rows FOR UPDATE SKIP LOCKED, so
 * two runs never pick the same row, and a row a booking is claiming right now (claimUpload locks
 * it) or a chat message is attaching (chat-attachment-owner.ts holds a share lock) is left for a later run. The foreign keys from bookings and worker_applications stay the
 * last word: a row something refers to cannot be deleted. Files are deleted after the rows'
 * transaction commits, so a rollback never leaves a row without its file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { subHours } from 'date-fns';
import { and, asc, eq, inArray, lt, notExists } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bookings, chatMessages, jobPhotos, uploads, workerApplications } from '../../db/schema';
import type { Logger } from '../../lib/logger';
import { uploadsDir } from './uploads.service';

/** How long an unused upload is kept: a guest's upload cookie lives as long. */
export const UNATTACHED_UPLOAD_TTL_HOURS = 24;
const BATCH = 200;

/**
 * @returns how many uploads this run removed
 */
export async function removeAbandonedUploads(deps: { db: Database; config: { dataDir: string }; now: () => Date; logger: Logger }): Promise<number> {
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
      if (doomed.length > 0) await tx.delete(uploads).where(inArray(uploads.id, doomed.map((d) => d.id)));
      return doomed;
    });
    for (const { storageKey } of batch) {
      await fs.rm(path.join(uploadsDir(deps.config.dataDir), path.basename(storageKey)), { force: true }).catch((error: unknown) => {
        deps.logger.warn({ err: error, storageKey }, 'could not delete an abandoned upload file');
      });
    }
    removed += batch.length;
    if (batch.length < BATCH) break;
  }
  if (removed > 0) deps.logger.info({ removed }, 'removed abandoned uploads');
  return removed;
}
