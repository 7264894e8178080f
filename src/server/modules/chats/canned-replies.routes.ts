/**
 * Canned replies (issue #13), admins only, mounted at `/api`: `GET/POST /api/admin/chat-replies`,
 * `PUT/DELETE /api/admin/chat-replies/{id}`. The contract is src/domain/chats-contract.ts
 * (`cannedReplySchema`, `cannedReplyListSchema`, `cannedReplyInputSchema`).
 */
import { cannedReplyInputSchema, cannedReplyListSchema, cannedReplySchema } from '../../../domain/chats-contract';
import { apiRouter, callerOf, defineRoute, errorResponses, idParams, jsonBody, jsonContent } from '../../lib/openapi';
import { createCannedReply, deleteCannedReply, listCannedReplies, updateCannedReply } from './canned-replies.service';

const TAGS = ['Admin: chats'];

const listRoute = defineRoute({
  method: 'get',
  path: '/admin/chat-replies',
  access: 'admin',
  tags: TAGS,
  summary: 'The canned replies, by title',
  responses: { 200: jsonContent(cannedReplyListSchema, 'The replies'), ...errorResponses(401, 403) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/admin/chat-replies',
  access: 'admin',
  tags: TAGS,
  summary: 'Add a canned reply (a title and its English and Spanish texts)',
  request: { body: jsonBody(cannedReplyInputSchema) },
  responses: { 201: jsonContent(cannedReplySchema, 'Added'), ...errorResponses(400, 401, 403, 415) },
});

const updateRoute = defineRoute({
  method: 'put',
  path: '/admin/chat-replies/{id}',
  access: 'admin',
  tags: TAGS,
  summary: "Replace a canned reply's title and texts",
  request: { params: idParams, body: jsonBody(cannedReplyInputSchema) },
  responses: { 200: jsonContent(cannedReplySchema, 'The reply'), ...errorResponses(400, 401, 403, 404, 415) },
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/admin/chat-replies/{id}',
  access: 'admin',
  tags: TAGS,
  summary: 'Remove a canned reply',
  request: { params: idParams },
  responses: { 204: { description: 'Removed' }, ...errorResponses(401, 403, 404) },
});

export const cannedRepliesRoutes = apiRouter()
  .openapi(listRoute, async (c) => c.json({ replies: await listCannedReplies(c.var.deps.db) }, 200))
  .openapi(createRoute, async (c) => c.json(await createCannedReply(c.var.deps.db, callerOf(c).id, c.req.valid('json'), c.var.deps.now()), 201))
  .openapi(updateRoute, async (c) => c.json(await updateCannedReply(c.var.deps.db, c.req.valid('param').id, c.req.valid('json'), c.var.deps.now()), 200))
  .openapi(deleteRoute, async (c) => {
    await deleteCannedReply(c.var.deps.db, c.req.valid('param').id);
    return c.body(null, 204);
  });
