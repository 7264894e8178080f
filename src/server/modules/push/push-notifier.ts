/**
 * Who is told what by push (issue #15; the events of src/domain/push-contract.ts):
 *
 * | event          | recipients          | title / body (the device's language)             | opens                      | urgency, kept for |
 * | -------------- | ------------------- | ------------------------------------------------ | -------------------------- | ----------------- |
 * | `assignment`   | the assigned worker | "New job: TV installation" / time, city          | /worker?job={bookingId}    | high, 24 h        |
 * | `new_booking`  | every admin         | "New booking: Painting" / time, city             | /admin/bookings/{id}       | high, 6 h         |
 * | `waiting_chat` | every admin         | "A customer is waiting in chat" / booking ref.   | /admin/chats?c={id}        | normal, 1 h       |
 *
 * Lock screens show notifications to whoever holds the phone, so a payload carries only the
 * service, the Tampa time, the city and a booking reference: never a name, phone or street.
 *
 * Each event is announced by the code path that made the change, after its transaction committed
 * (dispatch assignment, createBooking's route, a chat message that starts a wait), so it is sent
 * once however many server processes run — never from the LISTEN/NOTIFY fan-out, which every
 * process hears. `notify` returns at once; the work runs in the background and its failures are
 * logged, never thrown into the request.
 */
import { eq, sql } from 'drizzle-orm';
import { formatTampaShort } from '../../../domain/format';
import type { PushPayload } from '../../../domain/push-contract';
import type { PushConfig } from '../../config';
import type { Database } from '../../db/client';
import { bookings, conversations, pushSubscriptions, user } from '../../db/schema';
import { resolvedRole } from '../../auth/roles';
import { translator, type Lang } from '../../lib/i18n';
import type { Logger } from '../../lib/logger';
import { createPushSender, type PushDelivery, type PushSendReport } from './push-sender';

/** One change worth a push: what happened and to which row. */
export type PushNotice = { event: 'assignment'; bookingId: string } | { event: 'new_booking'; bookingId: string } | { event: 'waiting_chat'; conversationId: string };

export interface PushNotifier {
  /** Queues the notification of one change and returns at once; never throws. */
  notify(notice: PushNotice): void;
  /** Sends one notice now (what `notify` queues); resolves with what happened, never rejects. */
  deliver(notice: PushNotice): Promise<PushSendReport>;
  /** Resolves when everything queued so far is done (tests, shutdown). */
  idle(): Promise<void>;
}

const HOUR = 3600;
const DELIVERY: Record<PushNotice['event'], PushDelivery> = {
  assignment: { urgency: 'high', ttlSeconds: 24 * HOUR },
  new_booking: { urgency: 'high', ttlSeconds: 6 * HOUR },
  waiting_chat: { urgency: 'normal', ttlSeconds: HOUR },
};

const NOTHING: PushSendReport = { sent: 0, removed: 0, failed: 0 };

export function createPushNotifier(deps: { db: Database; config: PushConfig; logger: Logger; now: () => Date }): PushNotifier {
  const sender = createPushSender(deps);
  const pending = new Set<Promise<unknown>>();
  const enabled = deps.config.webPush !== null || deps.config.fcm !== null;

  /** Admins (resolved role) that have at least one device: the only ones worth rendering for. */
  async function adminsWithDevices(): Promise<string[]> {
    const rows = await deps.db.selectDistinct({ id: user.id }).from(user).innerJoin(pushSubscriptions, eq(pushSubscriptions.userId, user.id)).where(sql`${resolvedRole} = 'admin'`);
    return rows.map((r) => r.id);
  }

  async function bookingFacts(bookingId: string) {
    const [row] = await deps.db
      .select({ id: bookings.id, workerId: bookings.workerId, serviceSlug: bookings.serviceSlug, scheduledStart: bookings.scheduledStart, city: bookings.city })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    return row ?? null;
  }

  const jobWords = (b: NonNullable<Awaited<ReturnType<typeof bookingFacts>>>, lang: Lang) => {
    const t = translator(lang);
    return { service: t(`services.${b.serviceSlug}.name`, { defaultValue: b.serviceSlug }), when: formatTampaShort(b.scheduledStart, lang), city: b.city };
  };

  async function deliver(notice: PushNotice): Promise<PushSendReport> {
    if (!enabled) return NOTHING;
    try {
      const delivery = DELIVERY[notice.event];
      if (notice.event === 'assignment') {
        const booking = await bookingFacts(notice.bookingId);
        if (!booking?.workerId) return NOTHING;
        return await sender.sendPush([booking.workerId], (lang): PushPayload => {
          const t = translator(lang);
          const words = jobWords(booking, lang);
          return { event: 'assignment', title: t('pushMessage.assignment.title', words), body: t('pushMessage.assignment.body', words), url: `/worker?job=${booking.id}`, tag: `assignment-${booking.id}` };
        }, delivery);
      }
      const admins = await adminsWithDevices();
      if (admins.length === 0) return NOTHING;
      if (notice.event === 'new_booking') {
        const booking = await bookingFacts(notice.bookingId);
        if (!booking) return NOTHING;
        return await sender.sendPush(admins, (lang): PushPayload => {
          const t = translator(lang);
          const words = jobWords(booking, lang);
          return { event: 'new_booking', title: t('pushMessage.newBooking.title', words), body: t('pushMessage.newBooking.body', words), url: `/admin/bookings/${booking.id}`, tag: `booking-${booking.id}` };
        }, delivery);
      }
      const [chat] = await deps.db
        .select({ id: conversations.id, customerId: conversations.customerId, reference: bookings.reference })
        .from(conversations)
        .leftJoin(bookings, eq(bookings.id, conversations.bookingId))
        .where(eq(conversations.id, notice.conversationId));
      if (!chat) return NOTHING;
      return await sender.sendPush(admins, (lang): PushPayload => {
        const t = translator(lang);
        return {
          event: 'waiting_chat',
          title: t(chat.customerId ? 'pushMessage.waitingChat.title' : 'pushMessage.waitingChat.titleGuest'),
          body: chat.reference ? t('pushMessage.waitingChat.bodyBooking', { reference: chat.reference }) : t('pushMessage.waitingChat.body'),
          url: `/admin/chats?c=${chat.id}`,
          tag: `chat-${chat.id}`,
        };
      }, delivery);
    } catch (error) {
      deps.logger.error({ err: error, notice }, 'push notification not prepared');
      return NOTHING;
    }
  }

  return {
    notify(notice) {
      if (!enabled) return;
      const work = deliver(notice).finally(() => pending.delete(work));
      pending.add(work);
    },
    deliver,
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
