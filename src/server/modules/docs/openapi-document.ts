/**
 * The OpenAPI 3.1 document of the whole API (issue #10), served at `GET /api/openapi.json`: our
 * routes as declared with `defineRoute` (src/server/lib/openapi.ts; each operation carries its
 * access rule as `x-access`), and Better Auth's `/api/auth/*` endpoints from its OpenAPI plugin
 * (their paths put under `/api/auth`, their schemas renamed `Auth…` so that they cannot clash
 * with ours, and `x-access` anonymous — Better Auth checks its sessions itself).
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Auth } from '../../auth/auth';
import type { AppEnv } from '../../lib/app-env';
import { ACCESS_RULES } from '../../lib/openapi';

type Json = Record<string, unknown>;

const AUTH_PREFIX = '/api/auth';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'] as const;

/** Renames `#/components/schemas/X` references inside Better Auth's part to `AuthX`. */
function renameRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', '#/components/schemas/Auth') : renameRefs(v)]),
    );
  }
  return value;
}

/** Better Auth's paths and schemas, ready to merge. */
async function authPart(auth: Auth): Promise<{ paths: Json; schemas: Json }> {
  const generated = (await (auth.api as unknown as { generateOpenAPISchema: () => Promise<Json> }).generateOpenAPISchema()) as { paths?: Json; components?: { schemas?: Json } };
  const paths: Json = {};
  for (const [path, item] of Object.entries(generated.paths ?? {})) {
    const operations = renameRefs(item) as Json;
    for (const method of METHODS) {
      const operation = operations[method] as Json | undefined;
      if (!operation) continue;
      operation['x-access'] = 'anonymous';
      operation.tags = ['Auth (Better Auth)'];
      // Better Auth's own security requirements name schemes of its document; ours has the cookie only.
      delete operation.security;
    }
    paths[`${AUTH_PREFIX}${path}`] = operations;
  }
  const schemas = Object.fromEntries(Object.entries(generated.components?.schemas ?? {}).map(([name, schema]) => [`Auth${name}`, renameRefs(schema)]));
  return { paths, schemas };
}

/** The document: our routes, then Better Auth's. */
export async function openApiDocument(app: OpenAPIHono<AppEnv>, auth: Auth, publicUrl: string): Promise<Json> {
  const ours = app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Tampa Same-Day Handyman API',
      version: '1.0.0',
      description:
        'JSON under /api. Errors are `{ message, code, details, hint }` in the caller\'s language (Accept-Language). Money is integer cents; instants ISO-8601 UTC; dates Tampa (America/New_York). Each operation\'s `x-access` says who may call it: ' +
        Object.entries(ACCESS_RULES)
          .map(([rule, meaning]) => `\`${rule}\` = ${meaning}`)
          .join('; ') +
        '.',
    },
    servers: [{ url: publicUrl }],
  }) as unknown as Json & { paths?: Json; components?: Json & { schemas?: Json; securitySchemes?: Json } };
  const auth_ = await authPart(auth);
  const components = (ours.components ?? {}) as Json & { schemas?: Json; securitySchemes?: Json };
  return {
    ...ours,
    paths: { ...(ours.paths ?? {}), ...auth_.paths },
    components: {
      ...components,
      schemas: { ...(components.schemas ?? {}), ...auth_.schemas },
      securitySchemes: { ...(components.securitySchemes ?? {}), sessionCookie: { type: 'apiKey', in: 'cookie', name: 'better-auth.session_token', description: 'The session cookie set by sign-in' } },
    },
  };
}
