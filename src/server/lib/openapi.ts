/**
 * The API contract (issue #10; DESIGN.md "Stack", server row): every route is declared once with
 * `defineRoute` — method, path, who may call it, and the zod schemas of its parameters, body and
 * answers, which live in `src/domain` and are imported by the web too. From these declarations
 * come the request validation (`c.req.valid(...)`), the access check, and the OpenAPI 3.1
 * document served at `/api/openapi.json` (reference page `/api/docs`).
 *
 * Who may call a route is one of ACCESS_RULES and is written on the route (`access`), shown in the
 * document as `x-access` on each operation. The guard runs before any input is read, so a caller
 * without access learns nothing about the input rules: 401 `unauthenticated` when signed out, 403
 * `forbidden` for the wrong role. Ownership (`customer_owner`, `assigned_worker`) is checked by
 * the handler against the row it loads, and answers 404 so that others' ids are not revealed.
 *
 * Invalid input becomes our 400 `validation_failed` with per-field details (the schemas'
 * messages are i18n keys); a path id that fails its schema cannot name anything: 404.
 */
import { createRoute, OpenAPIHono, type RouteConfig } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { apiErrorSchema } from '../../domain/api-error';
import { requireRole, requireUser } from '../auth/session';
import type { AppEnv } from './app-env';
import { CHAT_GUEST_COOKIE } from './chat-guest-cookie';
import { notFound, validationError } from './errors';

/** Who may call a route: the route table's access column. */
export const ACCESS_RULES = {
  anonymous: 'anyone, signed in or not',
  signed_in: 'any signed-in user (401 otherwise)',
  customer_owner: "the signed-in customer whose booking it is (401 signed out; 404 for anyone else's)",
  worker: 'a signed-in worker (401/403 otherwise)',
  assigned_worker: 'the worker assigned to the job (401/403 otherwise; 404 for a job that is not theirs)',
  admin: 'a signed-in admin (401/403 otherwise)',
  staff: 'a signed-in admin or worker (401/403 otherwise)',
  stripe: 'Stripe, checked by the Stripe-Signature header (400 otherwise)',
  chat_participant:
    "a signed-in user, or a signed-out visitor holding a `chat_guest` cookie (401 otherwise); a conversation's routes answer its participants only (its customer or guest, the job's active worker, admins; 404 for anyone else)",
} as const;

export type Access = keyof typeof ACCESS_RULES;

const guards: Record<Access, MiddlewareHandler<AppEnv> | null> = {
  anonymous: null,
  stripe: null,
  signed_in: async (c, next) => {
    requireUser(c);
    await next();
  },
  customer_owner: async (c, next) => {
    requireUser(c);
    await next();
  },
  worker: async (c, next) => {
    c.set('caller', await requireRole(c, 'worker'));
    await next();
  },
  assigned_worker: async (c, next) => {
    c.set('caller', await requireRole(c, 'worker'));
    await next();
  },
  admin: async (c, next) => {
    c.set('caller', await requireRole(c, 'admin'));
    await next();
  },
  staff: async (c, next) => {
    c.set('caller', await requireRole(c, 'admin', 'worker'));
    await next();
  },
  // whether the cookie names the conversation is the handler's check (404 otherwise)
  chat_participant: async (c, next) => {
    if (!c.var.user && !getCookie(c, CHAT_GUEST_COOKIE)) requireUser(c);
    await next();
  },
};

/**
 * The caller a role guard admitted (admin, worker, staff routes).
 * @throws Error when the route has no role guard (a programming error, answered 500)
 */
export function callerOf(c: Context<AppEnv>) {
  const caller = c.var.caller;
  if (!caller) throw new Error('callerOf on a route without a role guard');
  return caller;
}

/**
 * A route declaration with its access rule. The rule's guard runs first, then the validators of
 * `request`, then the handler.
 */
export function defineRoute<const R extends RouteConfig>(config: R & { access: Access }) {
  const { access, middleware, ...rest } = config;
  const guard = guards[access];
  const extra = middleware ? (Array.isArray(middleware) ? middleware : [middleware]) : [];
  return createRoute({ ...rest, 'x-access': access, middleware: guard ? [guard, ...extra] : extra } as unknown as R & { 'x-access': Access });
}

/** A router for one area: its validation failures become our error bodies. */
export function apiRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (result.success) return;
      if (result.target === 'param') throw notFound();
      throw validationError(result.error.issues, result.target === 'query' ? 'query' : '');
    },
  });
}

export type ApiRouter = ReturnType<typeof apiRouter>;

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Bad input: `details` maps each field to its message',
  401: 'Not signed in',
  402: 'The card was declined (the bank\'s message), or the bank asks for 3-D Secure',
  403: 'Signed in without the role this route needs',
  404: 'No such resource, or not the caller\'s',
  409: 'A conflict with the current state: `details.status` is the booking\'s state where it applies',
  413: 'The body is larger than the API takes',
  415: 'The body is not JSON',
  422: 'A business rule refuses it',
  429: 'Too many attempts: try again later',
  503: 'The payment gateway did not answer; the retry with the same Idempotency-Key finishes it',
};

/** The error answers a route can give, each with the `ApiError` body. */
export function errorResponses(...statuses: (keyof typeof ERROR_MEANINGS)[]) {
  return Object.fromEntries(statuses.map((status) => [status, { description: ERROR_MEANINGS[status]!, content: { 'application/json': { schema: apiErrorSchema } } }])) as Record<
    number,
    { description: string; content: { 'application/json': { schema: typeof apiErrorSchema } } }
  >;
}

/** A JSON answer. */
export const jsonContent = <S extends z.ZodType>(schema: S, description: string) => ({ description, content: { 'application/json': { schema } } });

/** A JSON request body (required). */
export const jsonBody = <S extends z.ZodType>(schema: S) => ({ required: true, content: { 'application/json': { schema } } });

/**
 * The `Idempotency-Key` header, documented (src/server/lib/idempotency.ts checks it, so that a
 * missing key keeps its own 400 `idempotency_key_required`).
 */
export function idempotencyKeyParameter(required: boolean) {
  return {
    name: 'Idempotency-Key',
    in: 'header' as const,
    required,
    description: 'One key per action (8-200 characters, e.g. a UUID). A retry with the same key replays the first answer; the same key with another body is 422 `idempotency_key_reused`.',
    schema: { type: 'string' as const, minLength: 8, maxLength: 200 },
  };
}

/** A path parameter `{id}` that is a UUID (anything else names nothing: 404). */
export const idParams = z.object({ id: z.uuid() });

/**
 * `defineRoute` for a route whose refusals the product spec words itself: every caller its access
 * rule refuses (the guard's 401 or 403) gets `refusal()` instead, e.g. 401 `no_user` "No
 * authenticated user" on `PATCH /api/me/profile`, 403 `access_denied` on `GET /api/admin/session`.
 * The document still shows the rule as `x-access`; other errors (a database failure) pass as they are.
 */
export function defineRouteWithRefusal<const R extends RouteConfig>(config: R & { access: Access }, refusal: () => Error) {
  const { access, middleware, ...rest } = config;
  const guard = guards[access];
  if (!guard) throw new Error(`the ${access} rule refuses nobody`);
  const refusing: MiddlewareHandler<AppEnv> = async (c, next) => {
    let admitted = false;
    try {
      await guard(c, async () => {
        admitted = true;
      });
    } catch (error) {
      const status = (error as { status?: unknown }).status;
      throw status === 401 || status === 403 ? refusal() : error;
    }
    if (admitted) await next();
  };
  const extra = middleware ? (Array.isArray(middleware) ? middleware : [middleware]) : [];
  return createRoute({ ...rest, 'x-access': access, middleware: [refusing, ...extra] } as unknown as R & { 'x-access': Access });
}
