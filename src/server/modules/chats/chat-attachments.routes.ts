/**
 * `GET /api/chats/{id}/attachments/{uploadId}` (issue #13): the image of a chat message, to the
 * conversation's participants only (chats.service.ts `openConversation`; an internal note's image
 * to admins only). Anyone else, an upload no message of this conversation carries, or a file gone
 * from the upload storage: 404 (the store down: 503). Served like `GET /api/uploads/{id}` (private cache for an hour, inline).
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { chatMessages, uploads } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { apiRouter, defineRoute, errorResponses } from '../../lib/openapi';
import { uploadResponse, uploadStorageUnavailableResponse } from '../uploads/upload-response';
import { participantOf } from './chat-participant';
import { openConversation } from './chats.service';

const attachmentParams = z.object({ id: z.uuid(), uploadId: z.uuid() });

const attachmentRoute = defineRoute({
  method: 'get',
  path: '/chats/{id}/attachments/{uploadId}',
  access: 'chat_participant',
  tags: ['Chats'],
  summary: "A chat message's image",
  description: "The conversation's participants only (an internal note's image: admins only); anyone else gets 404. The `url` of a message's `attachment`.",
  request: { params: attachmentParams },
  responses: {
    200: { description: 'The image', content: { 'image/jpeg': { schema: { type: 'string' as const, format: 'binary' } } } },
    ...errorResponses(401, 404),
    ...uploadStorageUnavailableResponse,
  },
});

export const chatAttachmentsRoutes = apiRouter().openapi(attachmentRoute, async (c) => {
  const { db } = c.var.deps;
  const { id, uploadId } = c.req.valid('param');
  const conversation = await openConversation(db, await participantOf(c), id);
  const [row] = await db
    .select({ internal: chatMessages.internal, storageKey: uploads.storageKey, contentType: uploads.contentType })
    .from(chatMessages)
    .innerJoin(uploads, eq(uploads.id, chatMessages.attachmentUploadId))
    .where(and(eq(chatMessages.conversationId, conversation.id), eq(chatMessages.attachmentUploadId, uploadId), ...(conversation.as === 'admin' ? [] : [eq(chatMessages.internal, false)])))
    .limit(1);
  if (!row) throw notFound();
  return uploadResponse(c, row);
});
