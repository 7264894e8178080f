/** Ids from the request path, checked against their shape (src/domain/ids.ts) before any query. */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from './app-env';
import { notFound } from './errors';

/**
 * @param schema the id's shape, e.g. recordIdSchema or textIdSchema()
 * @param name the path parameter ("id" by default)
 * @throws AppError 404 not_found when the id has another shape: it names nothing here
 */
export function pathId<S extends z.ZodType<string>>(c: Context<AppEnv>, schema: S, name = 'id'): z.output<S> {
  const parsed = schema.safeParse(c.req.param(name));
  if (!parsed.success) throw notFound();
  return parsed.data;
}
