/** Parses request input with a zod schema; failures become a 400 with per-field details. */
import type { z } from 'zod';
import { validationError } from './errors';

/**
 * @param prefix prepended to each field path in `details` (e.g. "query")
 * @throws AppError 400 validation_failed
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, prefix = ''): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error.issues, prefix);
  return result.data;
}

/** Reads a JSON body; a malformed body is a 400 like any other bad input. */
export async function readJson(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw validationError([{ path: [], message: 'validation.invalid' }]);
  }
}
