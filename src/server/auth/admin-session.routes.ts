/**
 * `GET /api/admin/session`: the admin-side session check (spec section 6). Answers
 * `{ id, email, role }` to an admin or a worker (access `staff`); everyone else (signed out
 * included) gets 403 `access_denied` "Access denied. Admin or worker role required." — the same
 * words the /admin/login page shows — instead of the usual 401/403. The answer's schema is
 * src/domain/roles.ts.
 */
import { apiErrorSchema } from '../../domain/api-error';
import { staffSessionSchema, type StaffSession } from '../../domain/roles';
import { AppError } from '../lib/errors';
import { apiRouter, callerOf, defineRouteWithRefusal, jsonContent } from '../lib/openapi';

const sessionRoute = defineRouteWithRefusal(
  {
    method: 'get',
    path: '/',
    access: 'staff',
    tags: ['Admin: session'],
    summary: 'The staff member signed in on the admin side',
    responses: {
      200: jsonContent(staffSessionSchema, 'An admin or a worker'),
      403: jsonContent(apiErrorSchema, 'Anyone else, signed out included: `access_denied`, in the words of the admin login'),
    },
  },
  () => new AppError(403, 'access_denied', 'adminLogin.accessDenied'),
);

export const adminSessionRoutes = apiRouter();

// Before the access check, so that a refusal is not kept by a cache either.
adminSessionRoutes.use('/', async (c, next) => {
  c.header('Cache-Control', 'no-store');
  await next();
});

adminSessionRoutes.openapi(sessionRoute, async (c) => {
  const { id, email, role } = callerOf(c);
  // the staff guard admitted only an admin or a worker
  return c.json({ id, email, role: role as StaffSession['role'] }, 200);
});
