/**
 * Who may upload how much, counted from the `uploads` rows in PostgreSQL (so every app process
 * sees the same numbers). An uploader is either a signed-in user, or a guest's booking draft (the
 * HttpOnly upload cookie) together with the guest's IP address: a guest who drops the cookie gets
 * a new draft quota but still shares the address quota. Each bucket has two limits:
 * - uploads in the last hour (rolling), all of them, used or not;
 * - bytes stored and not yet used by a booking or a worker application.
 * The final check runs under a per-bucket advisory lock inside the inserting transaction, so
 * concurrent uploads cannot pass it together (docs/decisions/011-uploads.md).
 */
import { createHmac } from 'node:crypto';
import { and, eq, getTableName, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { bookings, uploads, workerApplications } from '../../db/schema';
import { UploadQuotaError } from './upload-errors';

const MB = 1024 * 1024;
const HOUR_MS = 60 * 60 * 1000;

/** The limits per bucket; stored bytes are after re-encoding (a phone photo becomes 0.3-1.5 MB). */
export const UPLOAD_LIMITS = {
  /** A signed-in customer or worker applicant. */
  user: { perHour: 20, unattachedBytes: 40 * MB },
  /** One guest's booking draft (the upload cookie). A booking needs one photo. */
  draft: { perHour: 10, unattachedBytes: 20 * MB },
  /** All guests behind one IP address (a household, an office, a phone carrier's NAT). */
  address: { perHour: 30, unattachedBytes: 60 * MB },
} as const;

/** Who is uploading, with the guest's secrets already hashed. */
export type Uploader = { kind: 'user'; userId: string } | { kind: 'guest'; draftTokenHash: string; ipHash: string };

interface Bucket {
  lockKey: string;
  rows: SQL;
  limits: { perHour: number; unattachedBytes: number };
}

/** A keyed hash of a client IP address: rows never hold the address itself. */
export function hashClientIp(ip: string, secret: string): string {
  return createHmac('sha256', secret).update(`upload-ip:${ip}`).digest('hex');
}

function bucketsOf(uploader: Uploader): Bucket[] {
  if (uploader.kind === 'user') {
    return [{ lockKey: `user:${uploader.userId}`, rows: eq(uploads.ownerUserId, uploader.userId), limits: UPLOAD_LIMITS.user }];
  }
  return [
    { lockKey: `draft:${uploader.draftTokenHash}`, rows: and(isNull(uploads.ownerUserId), eq(uploads.anonymousOwnerHash, uploader.draftTokenHash))!, limits: UPLOAD_LIMITS.draft },
    { lockKey: `address:${uploader.ipHash}`, rows: eq(uploads.uploaderIpHash, uploader.ipHash), limits: UPLOAD_LIMITS.address },
  ];
}

// An advisory-lock class of its own (two-key form), apart from other features' one-key locks.
const UPLOAD_QUOTA_LOCK_CLASS = 0x75706c64; // "upld"

/** Serializes quota decisions for this uploader's buckets until the transaction ends. */
export async function lockUploadQuota(tx: Transaction, uploader: Uploader): Promise<void> {
  // always in the same order, so two transactions never wait on each other crosswise
  for (const key of bucketsOf(uploader).map((b) => b.lockKey).sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(UPLOAD_QUOTA_LOCK_CLASS))}, hashtext(${key}))`);
  }
}

// Drizzle leaves columns in a select list unqualified, and inside a subquery on bookings a bare
// "id" would be bookings.id: the outer upload's id is named in full.
const outerUploadId = sql`${sql.identifier(getTableName(uploads))}.${sql.identifier(uploads.id.name)}`;
const isUnattached = sql`not exists (select 1 from ${bookings} where ${bookings.photoUploadId} = ${outerUploadId}) and not exists (select 1 from ${workerApplications} where ${workerApplications.uploadId} = ${outerUploadId})`;

/**
 * @param incomingBytes the size of the photo about to be stored (0 for the early check before the body is read)
 * @throws UploadQuotaError 429 upload_rate_limited (with retryAfterSeconds) | upload_quota_exceeded
 */
export async function assertWithinUploadQuota(db: Database | Transaction, uploader: Uploader, now: Date, incomingBytes = 0): Promise<void> {
  const since = new Date(now.getTime() - HOUR_MS).toISOString();
  for (const bucket of bucketsOf(uploader)) {
    const [usage] = await db
      .select({
        lastHour: sql<number>`count(*) filter (where ${uploads.createdAt} > ${since}::timestamptz)`.mapWith(Number),
        // in epoch seconds: drivers differ in how they hand back a bare timestamptz
        oldestInHour: sql<number | null>`extract(epoch from min(${uploads.createdAt}) filter (where ${uploads.createdAt} > ${since}::timestamptz))`.mapWith((v) => (v === null ? null : Number(v))),
        unattachedBytes: sql<number>`coalesce(sum(${uploads.sizeBytes}) filter (where ${isUnattached}), 0)`.mapWith(Number),
      })
      .from(uploads)
      .where(bucket.rows);
    if (!usage) continue;
    if (usage.lastHour >= bucket.limits.perHour) {
      const frees = usage.oldestInHour !== null ? usage.oldestInHour * 1000 + HOUR_MS : now.getTime() + HOUR_MS;
      throw new UploadQuotaError('upload_rate_limited', Math.max(1, Math.ceil((frees - now.getTime()) / 1000)));
    }
    // the early check (nothing incoming yet) refuses only once the quota is already full
    if (incomingBytes === 0 ? usage.unattachedBytes >= bucket.limits.unattachedBytes : usage.unattachedBytes + incomingBytes > bucket.limits.unattachedBytes) {
      throw new UploadQuotaError('upload_quota_exceeded', null);
    }
  }
}
