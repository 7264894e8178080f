/**
 * The roles a person holds (spec section 3: `user_roles`, Postgres enum `app_role` declared admin,
 * worker, user, so that "the first role in ascending order" is the strongest) and what the API
 * says about a staff caller (`GET /api/admin/session`, spec section 6). Shared by the API, the
 * database schema and the web.
 */
import { z } from 'zod';

/** Strongest first: the order of the `app_role` enum. */
export const ROLES = ['admin', 'worker', 'user'] as const;
export const roleSchema = z.enum(ROLES, { error: 'validation.invalid' });
export type Role = z.infer<typeof roleSchema>;

/** The roles the admin side (/admin) admits. */
export const STAFF_ROLES = ['admin', 'worker'] as const;

/** `GET /api/admin/session`: the staff member signed in on the admin side. */
export const staffSessionSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(STAFF_ROLES),
  })
  .meta({ id: 'StaffSession' });
export type StaffSession = z.infer<typeof staffSessionSchema>;
