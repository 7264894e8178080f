/**
 * The signed-in person's own account as the API takes and answers it (issue #10): who is signed
 * in (`GET /api/me`: user, profile, role and the session's clock), their profile
 * (`PATCH /api/me/profile`), their notification preferences (`/api/account/preferences`) and
 * deleting the account (`DELETE /api/account`). Shared by the API and the web (lib/auth.ts,
 * Settings). Messages are i18n keys.
 */
import { z } from 'zod';
import { normalizeUsPhone } from './phone';
import { roleSchema } from './roles';

/** A person's full name: trimmed, 1-200 characters. The Settings form applies the same rule. */
export const fullNameSchema = z.string().trim().min(1, { error: 'account.fullNameRequired' }).max(200, { error: 'validation.tooLong' });

/**
 * `PATCH /api/me/profile`: any of the full name and the phone. The phone is a US number in any
 * common format, stored as E.164; '' or null clears it.
 */
export const profileUpdateRequestSchema = z.object({
  full_name: fullNameSchema.optional(),
  phone: z
    .string({ error: 'validation.phoneInvalid' })
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value.trim() === '') return null;
      const normalized = normalizeUsPhone(value);
      if (!normalized) ctx.addIssue({ code: 'custom', message: 'validation.phoneInvalid' });
      return normalized ?? z.NEVER;
    }),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** The profile of the spec's `profiles` table (spec section 3). */
export const profileSchema = z
  .object({
    id: z.string(),
    full_name: z.string(),
    terms_accepted: z.boolean(),
    /** E.164 ("+18135550123"), or null. */
    phone: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof profileSchema>;

/**
 * `GET /api/me`: the signed-in user with their profile and role (default `user`), and the
 * session's clock in Unix seconds (spec section 9): when it ends, and from when
 * `GET /api/auth/get-session` renews it. Signed out: all four are null.
 */
export const meSchema = z
  .object({
    user: z
      .object({
        id: z.string(),
        email: z.string(),
        name: z.string(),
        /** False for Google accounts: their email is Google's. */
        email_editable: z.boolean(),
      })
      .nullable(),
    // a union rather than .nullable(): the document generator drops the null beside a named schema's $ref
    profile: z.union([profileSchema, z.null()]),
    role: roleSchema.nullable(),
    session: z.object({ expires_at: z.number().int(), refresh_at: z.number().int() }).nullable(),
  })
  .meta({ id: 'Me' });
export type Me = z.infer<typeof meSchema>;

/** Email and SMS notification choices (both on until changed): `GET` and `PUT /api/account/preferences`. */
export const notificationPreferencesSchema = z.object({ email: z.boolean(), sms: z.boolean() }).meta({ id: 'Preferences' });
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The word a customer types to confirm deleting their account. */
export const ACCOUNT_DELETION_WORD = 'DELETE';

/** `DELETE /api/account` { confirm: "DELETE" }. */
export const deleteAccountRequestSchema = z.object({ confirm: z.literal(ACCOUNT_DELETION_WORD, { error: 'account.deleteConfirmRequired' }) });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
