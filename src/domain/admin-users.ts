/**
 * Users as the admin sees and changes them (issue #5, `/api/admin/users`): the searchable, paged
 * list, a role change, and disabling or enabling an account. Shared by the API and the web's
 * Users page. Instants are ISO-8601 UTC strings; messages are i18n keys.
 */
import { z } from 'zod';
import { roleSchema } from './roles';
import { searchTextSchema } from './text';

/** How many users a page holds unless the caller asks for another size (1-100). */
export const DEFAULT_USERS_PAGE_SIZE = 20;

const pageNumber = z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' });

/** `GET /api/admin/users?q=&page=&pageSize=`: `q` matches name or email (substring, any case). */
export const adminUsersQuerySchema = z.object({
  q: searchTextSchema.optional(),
  page: pageNumber.default(1),
  pageSize: pageNumber.max(100, { error: 'validation.invalid' }).default(DEFAULT_USERS_PAGE_SIZE),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    /** When the account was made. */
    joinedAt: z.iso.datetime({ offset: true }),
    /** Bookings made as a customer. */
    bookingsCount: z.number().int(),
    /** A disabled user cannot sign in. */
    disabled: z.boolean(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One page of users, newest first; `total` counts every match. */
export const adminUsersPageSchema = z
  .object({
    users: z.array(adminUserSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'AdminUsersPage' });
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

/** `PATCH /api/admin/users/{id}/role`: the one role the user holds from now on. */
export const roleChangeRequestSchema = z.object({ role: roleSchema });
export type RoleChangeRequest = z.infer<typeof roleChangeRequestSchema>;

export const roleChangedSchema = z.object({ id: z.string(), role: roleSchema });

/** `POST /api/admin/users/{id}/disable` and `.../enable`: whether the account is disabled now. */
export const accountAccessSchema = z.object({ id: z.string(), disabled: z.boolean() });
