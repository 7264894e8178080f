/**
 * `GET /api/admin/outbox` (issue #10): the mail the app recorded, newest first — the dev outbox
 * without SMTP_URL, the copies of what was sent with it. Admins only.
 */
import { z } from 'zod';

export const outboxMessageSchema = z
  .object({
    id: z.uuid(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    /** The mail's template, e.g. `booking_confirmed`. */
    template: z.string(),
    /** 'en' or 'es'. */
    language: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Whether an iCalendar attachment came with it. */
    hasIcs: z.boolean(),
    /** Set when the message was recorded but not sent ('email_off': the customer turned booking emails off). */
    skippedReason: z.string().nullable(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** The last 100 messages. */
export const outboxListSchema = z.object({ messages: z.array(outboxMessageSchema) }).meta({ id: 'OutboxMessageList' });
export type OutboxList = z.infer<typeof outboxListSchema>;
