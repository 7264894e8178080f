/**
 * `/api/admin/users` (admins only): `GET /?q=&page=&pageSize=`, `PATCH /{id}/role` { role },
 * `POST /{id}/disable`, `POST /{id}/enable`. An id no user can have (textIdSchema) is 404.
 * The contract is src/domain/admin-users.ts, declared with `defineRoute`
 * (docs/decisions/013-api-contract.md).
 */
import { z } from 'zod';
import { accountAccessSchema, adminUsersPageSchema, adminUsersQuerySchema, roleChangedSchema, roleChangeRequestSchema } from '../../../domain/admin-users';
import { textIdSchema } from '../../../domain/ids';
import { apiRouter, callerOf, defineRoute, errorResponses, jsonBody, jsonContent } from '../../lib/openapi';
import { disableUser, enableUser, listUsers, setRole } from './admin-users.service';

const TAGS = ['Admin: users'];
const userParams = z.object({ id: textIdSchema() });

const listRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'admin',
  tags: TAGS,
  summary: 'One page of users, newest first, with role, join date and bookings count',
  request: { query: adminUsersQuerySchema },
  responses: { 200: jsonContent(adminUsersPageSchema, 'The page'), ...errorResponses(400, 401, 403) },
});

const roleRoute = defineRoute({
  method: 'patch',
  path: '/{id}/role',
  access: 'admin',
  tags: TAGS,
  summary: "Give a user exactly one role",
  description: 'Becoming a worker makes (or reactivates) their worker profile; leaving the role deactivates it. An admin dropping their own admin role: 422 `own_admin_role`.',
  request: { params: userParams, body: jsonBody(roleChangeRequestSchema) },
  responses: { 200: jsonContent(roleChangedSchema, 'The role now'), ...errorResponses(400, 401, 403, 404, 415, 422) },
});

const disableRoute = defineRoute({
  method: 'post',
  path: '/{id}/disable',
  access: 'admin',
  tags: TAGS,
  summary: 'Disable an account: no more sign-ins, every session ended',
  description: 'Disabling oneself: 422 `disable_self`.',
  request: { params: userParams },
  responses: { 200: jsonContent(accountAccessSchema, 'Disabled'), ...errorResponses(401, 403, 404, 422) },
});

const enableRoute = defineRoute({
  method: 'post',
  path: '/{id}/enable',
  access: 'admin',
  tags: TAGS,
  summary: 'Enable a disabled account again',
  request: { params: userParams },
  responses: { 200: jsonContent(accountAccessSchema, 'Enabled'), ...errorResponses(401, 403, 404) },
});

export const adminUsersRoutes = apiRouter()
  .openapi(listRoute, async (c) => c.json(await listUsers(c.var.deps.db, c.req.valid('query')), 200))
  .openapi(roleRoute, async (c) => {
    const admin = callerOf(c);
    const { id } = c.req.valid('param');
    const { role } = c.req.valid('json');
    await setRole(c.var.deps.db, admin.id, id, role);
    return c.json({ id, role }, 200);
  })
  .openapi(disableRoute, async (c) => {
    const admin = callerOf(c);
    const { id } = c.req.valid('param');
    await disableUser(c.var.deps.db, admin.id, id, c.var.deps.now());
    return c.json({ id, disabled: true }, 200);
  })
  .openapi(enableRoute, async (c) => {
    const { id } = c.req.valid('param');
    await enableUser(c.var.deps.db, id);
    return c.json({ id, disabled: false }, 200);
  });
