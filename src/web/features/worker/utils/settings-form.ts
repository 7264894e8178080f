/**
 * The worker settings form: a US phone (stored as E.164; empty clears it), at least one service, the ZIP codes
 * served typed freely ("33602, 33606 33609"; empty means the whole service area) and the email
 * and SMS notification choices. Messages are i18n keys.
 */
import { z } from 'zod';
import { normalizeUsPhone } from '@/domain/phone';
import { SERVICE_SLUGS } from '@/domain/services';

/** "33602, 33606 33609" -> ["33602", "33606", "33609"] (duplicates dropped). */
export function parseZipList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((zip) => zip.trim()).filter(Boolean))];
}

export const workerSettingsSchema = z.object({
  phone: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (!value) return null;
      const phone = normalizeUsPhone(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: 'validation.phoneInvalid' });
        return z.NEVER;
      }
      return phone;
    }),
  skills: z.array(z.enum(SERVICE_SLUGS)).min(1, { error: 'worker.settings.errors.skillsRequired' }),
  serviceZips: z
    .string()
    .transform(parseZipList)
    .refine((zips) => zips.every((zip) => /^\d{5}$/.test(zip)), { error: 'worker.settings.errors.zipInvalid' }),
  notifyEmail: z.boolean(),
  notifySms: z.boolean(),
});

export type WorkerSettingsInput = z.input<typeof workerSettingsSchema>;
export type WorkerSettingsValues = z.output<typeof workerSettingsSchema>;
