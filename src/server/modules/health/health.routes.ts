/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
import { sql } from 'drizzle-orm';
import { healthSchema } from '../../../domain/catalog-contract';
import { apiRouter, defineRoute, jsonContent } from '../../lib/openapi';

const healthRoute = defineRoute({
  method: 'get',
  path: '/',
  access: 'anonymous',
  tags: ['Health'],
  summary: 'Whether the API and its database answer',
  responses: { 200: jsonContent(healthSchema, 'Up'), 503: jsonContent(healthSchema, 'The database does not answer') },
});

export const healthRoutes = apiRouter().openapi(healthRoute, async (c) => {
  try {
    await c.var.deps.db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const, database: 'up' as const }, 200);
  } catch (error) {
    c.var.deps.logger.error({ err: error }, 'health check: database unreachable');
    return c.json({ status: 'error' as const, database: 'down' as const }, 503);
  }
});
