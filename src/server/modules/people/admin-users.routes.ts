/**
 * `/api/admin/users` (admins only): `GET /?q=&page=&pageSize=`, `PATCH /:id/role` { role },
 * `POST /:id/disable`, `POST /:id/enable`. An id no user can have (textIdSchema) is 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { textIdSchema } from '../../../domain/ids';
import { searchTextSchema } from '../../../domain/text';
import { requireRole } from '../../auth/session';
import type { AppEnv } from '../../lib/app-env';
import { pathId } from '../../lib/path-params';
import { parseInput, readJson } from '../../lib/validate';
import { disableUser, enableUser, listUsers, setRole } from './admin-users.service';

const listQuery = z.object({
  q: searchTextSchema.optional(),
  page: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).default(1),
  pageSize: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(100, { error: 'validation.invalid' }).default(20),
});
const roleSchema = z.object({ role: z.enum(['admin', 'worker', 'user'], { error: 'validation.invalid' }) });

export const adminUsersRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    await requireRole(c, 'admin');
    return c.json(await listUsers(c.var.deps.db, parseInput(listQuery, c.req.query(), 'query')));
  })
  .patch('/:id/role', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = pathId(c, textIdSchema());
    const { role } = parseInput(roleSchema, await readJson(c.req.raw));
    await setRole(c.var.deps.db, admin.id, id, role);
    return c.json({ id, role });
  })
  .post('/:id/disable', async (c) => {
    const admin = await requireRole(c, 'admin');
    const id = pathId(c, textIdSchema());
    await disableUser(c.var.deps.db, admin.id, id, c.var.deps.now());
    return c.json({ id, disabled: true });
  })
  .post('/:id/enable', async (c) => {
    await requireRole(c, 'admin');
    const id = pathId(c, textIdSchema());
    await enableUser(c.var.deps.db, id);
    return c.json({ id, disabled: false });
  });
