/**
 * The worker settings form: a US phone (stored as E.164; empty clears it), at least one service,
 * the ZIP codes served typed freely ("33602, 33606 33609"; empty means the whole service area) and
 * the email and SMS notification choices. What is typed becomes the request, checked with the
 * API's rules (workerSettingsSchema, src/domain/worker-contract.ts) worded for the form's fields.
 * Messages are i18n keys.
 */
import { z } from 'zod';
import { SERVICE_SLUGS } from '@/domain/services';
import { workerSettingsSchema, type WorkerSettingsMessages } from '@/domain/worker-contract';

/** "33602, 33606 33609" -> ["33602", "33606", "33609"] (duplicates dropped). */
export function parseZipList(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).map((zip) => zip.trim()).filter(Boolean))];
}

const FORM_MESSAGES: WorkerSettingsMessages = { skillsRequired: 'worker.settings.errors.skillsRequired', zipInvalid: 'worker.settings.errors.zipInvalid' };

/** The fields as the form holds them: the phone and the ZIP codes as typed, the services ticked. */
const formFields = z.object({ phone: z.string(), skills: z.array(z.enum(SERVICE_SLUGS)), serviceZips: z.string(), notifyEmail: z.boolean(), notifySms: z.boolean() });

export const workerSettingsFormSchema = formFields
  .transform((form) => ({ ...form, phone: form.phone.trim() || null, serviceZips: parseZipList(form.serviceZips) }))
  // The form always sends every field.
  .pipe(workerSettingsSchema(FORM_MESSAGES).required());

export type WorkerSettingsInput = z.input<typeof workerSettingsFormSchema>;
export type WorkerSettingsValues = z.output<typeof workerSettingsFormSchema>;
