/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/app-env';

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.var.deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok', database: 'up' });
  } catch (error) {
    c.var.deps.logger.error({ err: error }, 'health check: database unreachable');
    return c.json({ status: 'error', database: 'down' }, 503);
  }
});
