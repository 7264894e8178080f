/**
 * Canned replies (issue #13): answers admins keep for common questions, each in English and
 * Spanish (the conversation's language picks the text in the composer). Stored in
 * chat_canned_replies; listed in title order.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { CannedReply } from '../../../domain/chats-contract';
import type { Database } from '../../db/client';
import { chatCannedReplies } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** A reply's title and its two texts (validated by cannedReplyInputSchema: trimmed, 1..80 and 1..2000 characters). */
export interface CannedReplyInput {
  title: string;
  bodyEn: string;
  bodyEs: string;
}

const toReply = (row: typeof chatCannedReplies.$inferSelect): CannedReply => ({
  id: row.id,
  title: row.title,
  bodyEn: row.bodyEn,
  bodyEs: row.bodyEs,
  updatedAt: row.updatedAt.toISOString(),
});

/** Every canned reply, by title (case-insensitive), then id. */
export async function listCannedReplies(db: Database): Promise<CannedReply[]> {
  const rows = await db.select().from(chatCannedReplies).orderBy(asc(sql`lower(${chatCannedReplies.title})`), asc(chatCannedReplies.id));
  return rows.map(toReply);
}

/** Adds a canned reply written by `adminId`. */
export async function createCannedReply(db: Database, adminId: string, input: CannedReplyInput, now: Date): Promise<CannedReply> {
  const [row] = await db.insert(chatCannedReplies).values({ ...input, createdBy: adminId, createdAt: now, updatedAt: now }).returning();
  return toReply(row!);
}

/**
 * Replaces a canned reply's title and texts.
 * @throws AppError 404 not_found for no such reply
 */
export async function updateCannedReply(db: Database, id: string, input: CannedReplyInput, now: Date): Promise<CannedReply> {
  const [row] = await db.update(chatCannedReplies).set({ ...input, updatedAt: now }).where(eq(chatCannedReplies.id, id)).returning();
  if (!row) throw notFound();
  return toReply(row);
}

/**
 * Removes a canned reply (messages already sent with its text keep it).
 * @throws AppError 404 not_found for no such reply
 */
export async function deleteCannedReply(db: Database, id: string): Promise<void> {
  const removed = await db.delete(chatCannedReplies).where(eq(chatCannedReplies.id, id)).returning({ id: chatCannedReplies.id });
  if (removed.length === 0) throw notFound();
}
