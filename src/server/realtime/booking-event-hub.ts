/**
 * The realtime hub: one LISTEN on the PostgreSQL channel `booking_events` per process, fanned out
 * in memory to any number of subscribers (the SSE streams of GET /api/events, the notifier).
 * The same connection also LISTENs on `error_logs` (issue #11): each new error log entry goes to
 * the error subscribers (`subscribeErrors`, the SSE streams; see error-log-events.ts).
 *
 * The only source of changes is the database: the trigger of migration 0003_booking_notify.sql
 * runs `pg_notify('booking_events', {eventId, bookingId, type, status, customerId, workerId,
 * scheduledStart})` for every booking_events row (migration 0028), after its transaction commits. Nothing in the server publishes by hand, so
 * every process (and every future process) sees the same stream. Chat messages (issue #13) are
 * announced the same way on `chat_messages`, by the `pg_notify` in the transaction that stores
 * the message, and go to the chat subscribers (`subscribeChat`; see chat-events.ts). Typing and
 * moved read marks are announced on `chat_activity` and go to `subscribeChatActivity`.
 * Worker and settings changes (issue #16) are announced on `capacity_changes` and go to
 * `subscribeCapacity` (the read caches; see capacity-events.ts); `onListening` tells the caches
 * when the LISTEN connection drops and comes back, since notices sent meanwhile are lost.
 *
 * Embedded PGlite: `client.listen()` on the one in-process connection. PostgreSQL server: a
 * dedicated `pg.Client` (LISTEN cannot share a pooled connection) that reconnects with backoff
 * when the connection drops; changes made while it is down are not replayed (subscribers that
 * must not miss anything read the database, as the notifier's outbox check does).
 */
import type { BookingStatus } from '../../domain/booking-status';
import type { DatabaseHandle } from '../db/client';
import type { Logger } from '../lib/logger';
import { ERROR_LOGS_CHANNEL, parseErrorLogNotice, type ErrorLogListener, type ErrorLogNotice } from './error-log-events';
import { CHAT_ACTIVITY_CHANNEL, CHAT_MESSAGES_CHANNEL, parseChatActivity, parseChatNotice, type ChatActivity, type ChatActivityListener, type ChatListener, type ChatNotice } from './chat-events';
import { CAPACITY_CHANGES_CHANNEL, parseCapacityNotice, type CapacityListener, type CapacityNotice } from './capacity-events';
import { PostgresListener } from './postgres-listener';
import { payloadObject, textOrNull } from './notify-payload';

/** The NOTIFY channel the booking_events trigger writes to. */
export const BOOKING_EVENTS_CHANNEL = 'booking_events';

/** One booking_events row as announced by the trigger (ids as text, status at the time of the event). */
export interface BookingChange {
  /** The booking_events row (the notifier's claim, decision 043); absent on a change fed by hand. */
  eventId?: string | null;
  bookingId: string;
  /** The event type: created, assigned, en_route, completed, cancelled, no_show, hold_placed, ... */
  type: string;
  /** The booking's status when the event was written; null if the booking row was not found. */
  status: BookingStatus | null;
  customerId: string | null;
  workerId: string | null;
  /**
   * Where the booking starts when the event was written (a reschedule's new start); null if the
   * booking row was not found or the notice predates migration 0028. The read caches drop that
   * date's day plan without reading it back (capacity-caches.ts).
   */
  scheduledStart?: Date | null;
}

/** Called once per change; must return quickly (start async work, do not await it here). */
export type BookingChangeListener = (change: BookingChange) => void;

export interface BookingEventHub {
  /**
   * Adds a listener for every change from now on.
   * @returns a function that removes it (safe to call twice)
   */
  subscribe(listener: BookingChangeListener): () => void;
  /** Called once when the hub closes (server shutdown), so long-lived streams can end. */
  onClose(listener: () => void): () => void;
  /** How many listeners are subscribed (diagnostics and tests). */
  readonly subscriberCount: number;
  /**
   * Adds a listener for every new error log entry from now on (the error_logs trigger's NOTIFY).
   * @returns a function that removes it (safe to call twice)
   */
  subscribeErrors(listener: ErrorLogListener): () => void;
  /** How many error listeners are subscribed. */
  readonly errorSubscriberCount: number;
  /**
   * Adds a listener for every new chat message from now on (the chat_messages NOTIFY).
   * @returns a function that removes it (safe to call twice)
   */
  subscribeChat(listener: ChatListener): () => void;
  /**
   * Adds a listener for chat typing and read-receipt notices from now on (the chat_activity NOTIFY).
   * @returns a function that removes it (safe to call twice)
   */
  subscribeChatActivity(listener: ChatActivityListener): () => void;
  /**
   * Adds a listener for worker and settings changes from now on (the capacity_changes NOTIFY).
   * @returns a function that removes it (safe to call twice)
   */
  subscribeCapacity(listener: CapacityListener): () => void;
  /**
   * Adds a listener told `false` when the LISTEN connection is lost (notifications are missed
   * until it is back) and `true` when it is restored. Never called on PGlite (in-process).
   * @returns a function that removes it (safe to call twice)
   */
  onListening(listener: (listening: boolean) => void): () => void;
  /** Stops listening, tells onClose listeners, drops every subscriber. Idempotent. */
  close(): Promise<void>;
}

/**
 * Reads a NOTIFY payload of the booking_events trigger.
 * @returns null when the payload is not the expected JSON object (logged by the caller)
 */
export function parseBookingChange(payload: string): BookingChange | null {
  const v = payloadObject(payload);
  if (!v) return null;
  if (typeof v.bookingId !== 'string' || typeof v.type !== 'string') return null;
  const start = typeof v.scheduledStart === 'string' ? new Date(v.scheduledStart) : null;
  return {
    eventId: textOrNull(v.eventId),
    bookingId: v.bookingId,
    type: v.type,
    status: textOrNull(v.status) as BookingStatus | null,
    customerId: textOrNull(v.customerId),
    workerId: textOrNull(v.workerId),
    scheduledStart: start && !Number.isNaN(start.getTime()) ? start : null,
  };
}

/** A hub fed by hand: the fan-out without a database (also what the listeners below feed). */
export class InMemoryBookingEventHub implements BookingEventHub {
  private readonly listeners = new Set<BookingChangeListener>();
  private readonly errorListeners = new Set<ErrorLogListener>();
  private readonly chatListeners = new Set<ChatListener>();
  private readonly chatActivityListeners = new Set<ChatActivityListener>();
  private readonly capacityListeners = new Set<CapacityListener>();
  private readonly listeningListeners = new Set<(listening: boolean) => void>();
  private readonly closeListeners = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly logger: Logger,
    private readonly stopSource: () => Promise<void> = async () => {},
  ) {}

  get subscriberCount() {
    return this.listeners.size;
  }

  get errorSubscriberCount() {
    return this.errorListeners.size;
  }

  subscribeErrors(listener: ErrorLogListener): () => void {
    if (this.closed) return () => {};
    const entry: ErrorLogListener = (notice) => listener(notice);
    this.errorListeners.add(entry);
    return () => {
      this.errorListeners.delete(entry);
    };
  }

  subscribeChat(listener: ChatListener): () => void {
    if (this.closed) return () => {};
    const entry: ChatListener = (notice) => listener(notice);
    this.chatListeners.add(entry);
    return () => {
      this.chatListeners.delete(entry);
    };
  }

  subscribeChatActivity(listener: ChatActivityListener): () => void {
    if (this.closed) return () => {};
    const entry: ChatActivityListener = (activity) => listener(activity);
    this.chatActivityListeners.add(entry);
    return () => {
      this.chatActivityListeners.delete(entry);
    };
  }

  /** Delivers one typing or receipt notice to every activity subscriber; a throwing one is logged and skipped. */
  publishChatActivity(activity: ChatActivity): void {
    if (this.closed) return;
    for (const listener of [...this.chatActivityListeners]) {
      try {
        listener(activity);
      } catch (error) {
        this.logger.error({ err: error, conversationId: activity.conversationId }, 'realtime: a chat activity subscriber failed');
      }
    }
  }

  /** Parses and delivers one raw NOTIFY payload of the chat_activity channel. */
  publishChatActivityPayload(payload: string): void {
    const activity = parseChatActivity(payload);
    if (!activity) {
      this.logger.warn({ payload: payload.slice(0, 200) }, 'realtime: ignored a malformed chat_activity notification');
      return;
    }
    this.publishChatActivity(activity);
  }

  /** Delivers one new chat message to every chat subscriber; a throwing one is logged and skipped. */
  publishChat(notice: ChatNotice): void {
    if (this.closed) return;
    for (const listener of [...this.chatListeners]) {
      try {
        listener(notice);
      } catch (error) {
        this.logger.error({ err: error, messageId: notice.messageId }, 'realtime: a chat subscriber failed');
      }
    }
  }

  /** Parses and delivers one raw NOTIFY payload of the chat_messages channel. */
  publishChatPayload(payload: string): void {
    const notice = parseChatNotice(payload);
    if (!notice) {
      this.logger.warn({ payload: payload.slice(0, 200) }, 'realtime: ignored a malformed chat_messages notification');
      return;
    }
    this.publishChat(notice);
  }

  /** Delivers one new error log entry to every error subscriber; a throwing one is logged and skipped. */
  publishError(notice: ErrorLogNotice): void {
    if (this.closed) return;
    for (const listener of [...this.errorListeners]) {
      try {
        listener(notice);
      } catch (error) {
        this.logger.error({ err: error, errorLogId: notice.id }, 'realtime: an error-log subscriber failed');
      }
    }
  }

  /** Parses and delivers one raw NOTIFY payload of the error_logs channel. */
  publishErrorPayload(payload: string): void {
    const notice = parseErrorLogNotice(payload);
    if (!notice) {
      this.logger.warn({ payload: payload.slice(0, 200) }, 'realtime: ignored a malformed error_logs notification');
      return;
    }
    this.publishError(notice);
  }

  subscribeCapacity(listener: CapacityListener): () => void {
    if (this.closed) return () => {};
    const entry: CapacityListener = (notice) => listener(notice);
    this.capacityListeners.add(entry);
    return () => {
      this.capacityListeners.delete(entry);
    };
  }

  onListening(listener: (listening: boolean) => void): () => void {
    if (this.closed) return () => {};
    const entry = (listening: boolean) => listener(listening);
    this.listeningListeners.add(entry);
    return () => {
      this.listeningListeners.delete(entry);
    };
  }

  /** Delivers one capacity notice to every capacity subscriber; a throwing one is logged and skipped. */
  publishCapacity(notice: CapacityNotice): void {
    if (this.closed) return;
    for (const listener of [...this.capacityListeners]) {
      try {
        listener(notice);
      } catch (error) {
        this.logger.error({ err: error, scope: notice.scope }, 'realtime: a capacity subscriber failed');
      }
    }
  }

  /** Parses and delivers one raw NOTIFY payload of the capacity_changes channel. */
  publishCapacityPayload(payload: string): void {
    const notice = parseCapacityNotice(payload);
    if (!notice) {
      this.logger.warn({ payload: payload.slice(0, 200) }, 'realtime: ignored a malformed capacity_changes notification');
      return;
    }
    this.publishCapacity(notice);
  }

  /** Tells the onListening listeners that the LISTEN connection was lost (false) or restored (true). */
  publishListening(listening: boolean): void {
    if (this.closed) return;
    for (const listener of [...this.listeningListeners]) {
      try {
        listener(listening);
      } catch (error) {
        this.logger.error({ err: error, listening }, 'realtime: a listening-state subscriber failed');
      }
    }
  }

  /** Routes a raw payload by its channel. */
  publishFrom(channel: string, payload: string): void {
    if (channel === CAPACITY_CHANGES_CHANNEL) return this.publishCapacityPayload(payload);
    if (channel === ERROR_LOGS_CHANNEL) this.publishErrorPayload(payload);
    else if (channel === CHAT_MESSAGES_CHANNEL) this.publishChatPayload(payload);
    else if (channel === CHAT_ACTIVITY_CHANNEL) this.publishChatActivityPayload(payload);
    else this.publishPayload(payload);
  }

  subscribe(listener: BookingChangeListener): () => void {
    if (this.closed) return () => {};
    // Wrapped so the same function can subscribe twice and unsubscribe each independently.
    const entry: BookingChangeListener = (change) => listener(change);
    this.listeners.add(entry);
    return () => {
      this.listeners.delete(entry);
    };
  }

  onClose(listener: () => void): () => void {
    if (this.closed) {
      listener();
      return () => {};
    }
    this.closeListeners.add(listener);
    return () => {
      this.closeListeners.delete(listener);
    };
  }

  /** Delivers one change to every subscriber; a throwing subscriber is logged and skipped. */
  publish(change: BookingChange): void {
    if (this.closed) return;
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        this.logger.error({ err: error, bookingId: change.bookingId, type: change.type }, 'realtime: a subscriber failed');
      }
    }
  }

  /** Parses and delivers one raw NOTIFY payload. */
  publishPayload(payload: string): void {
    const change = parseBookingChange(payload);
    if (!change) {
      this.logger.warn({ payload: payload.slice(0, 200) }, 'realtime: ignored a malformed booking_events notification');
      return;
    }
    this.publish(change);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const listener of [...this.closeListeners]) {
      try {
        listener();
      } catch (error) {
        this.logger.error({ err: error }, 'realtime: a close listener failed');
      }
    }
    this.closeListeners.clear();
    this.listeners.clear();
    this.errorListeners.clear();
    this.chatListeners.clear();
    this.chatActivityListeners.clear();
    this.capacityListeners.clear();
    this.listeningListeners.clear();
    await this.stopSource();
  }
}

export interface HubOptions {
  /** PostgreSQL only: the wait before reconnect attempt n (0-based), in ms. Default 500 ms doubling to 30 s. */
  reconnectDelayMs?: (attempt: number) => number;
}

/**
 * Starts the process's one LISTEN and returns the hub once it is listening (a change committed
 * after this resolves is delivered).
 * @param handle the open database (PGlite client or PostgreSQL URL, from openDatabase)
 * @throws the connection error when the first LISTEN fails (PostgreSQL unreachable)
 */
export async function startBookingEventHub(handle: Pick<DatabaseHandle, 'kind' | 'pglite' | 'connectionString'>, logger: Logger, options: HubOptions = {}): Promise<BookingEventHub> {
  let stopSource = async () => {};
  const hub = new InMemoryBookingEventHub(logger, () => stopSource());
  if (handle.kind === 'pglite') {
    const client = handle.pglite;
    if (!client) throw new Error('realtime: the PGlite handle has no client to listen on');
    const unlisten = await client.listen(BOOKING_EVENTS_CHANNEL, (payload) => hub.publishPayload(payload));
    const unlistenErrors = await client.listen(ERROR_LOGS_CHANNEL, (payload) => hub.publishErrorPayload(payload));
    const unlistenChats = await client.listen(CHAT_MESSAGES_CHANNEL, (payload) => hub.publishChatPayload(payload));
    const unlistenActivity = await client.listen(CHAT_ACTIVITY_CHANNEL, (payload) => hub.publishChatActivityPayload(payload));
    const unlistenCapacity = await client.listen(CAPACITY_CHANGES_CHANNEL, (payload) => hub.publishCapacityPayload(payload));
    stopSource = async () => {
      if (!client.closed) await Promise.all([unlisten(), unlistenErrors(), unlistenChats(), unlistenActivity(), unlistenCapacity()]).catch(() => {});
    };
    return hub;
  }
  if (!handle.connectionString) throw new Error('realtime: the PostgreSQL handle has no connection string to listen with');
  const listener = new PostgresListener(
    handle.connectionString,
    [BOOKING_EVENTS_CHANNEL, ERROR_LOGS_CHANNEL, CHAT_MESSAGES_CHANNEL, CHAT_ACTIVITY_CHANNEL, CAPACITY_CHANGES_CHANNEL],
    (payload, channel) => hub.publishFrom(channel, payload),
    logger,
    options.reconnectDelayMs,
    (listening) => hub.publishListening(listening),
  );
  await listener.start();
  stopSource = () => listener.stop();
  return hub;
}
