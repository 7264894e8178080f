/**
 * Live booking updates (issue #4): one Server-Sent Events stream, `GET /api/events`, shared by
 * every mounted component that asks for it while a user is signed in. Each `booking` event
 * (`{ bookingId, type, status }`, docs/api.md) marks the booking queries stale, so whatever is on
 * screen refetches: the customer's bookings and booking (keys under ['bookings']), the dispatch
 * board and booking detail (['dispatch']) and the worker's jobs (['worker', 'jobs']). Queries not
 * on screen only refetch when next shown.
 *
 * The browser's EventSource reconnects by itself after a dropped connection; when the server
 * refuses the stream (an error status, e.g. after the session expired) it gives up, so this
 * module reopens it with a growing delay (up to a minute). After any reconnect every live query
 * is refreshed once, since events may have been missed meanwhile. The stream closes shortly
 * after the last component using it unmounts (the short grace keeps it open across a page
 * change from the board to a booking, and across React's StrictMode double mount).
 *
 * The same stream carries the error log's live events (issue #11): `error_log` (a new entry, for
 * admins) and `error_count` (its severity only, for everyone else), which `useLiveErrorEvents`
 * hands to the error dashboard; they refresh no booking query.
 *
 * And the chats' live events (issue #13, src/domain/chats-contract.ts): `chat_message` (a new
 * message: ids only, its SSE id is the message's seq, so the browser's own reconnect sends
 * Last-Event-ID and the server replays what was missed), `chat_receipt` (the other side's
 * delivered/read marks moved) and `chat_typing` (someone is typing), which `useLiveChatEvents`
 * hands to the chat thread and widget. The stream is also open to a signed-out visitor with a
 * guest conversation (its cookie), so the chat hook leaves that call to its caller (`enabled`).
 *
 * In an app build (issue #15, ./api-base.ts) the stream is on the API's origin: it is opened with
 * a ticket from `POST /api/events/ticket` (fetched through Capacitor's native HTTP, which carries
 * the session cookie), since the WebView may withhold that cookie from its own cross-site
 * requests; without a ticket, with credentials (docs/decisions/025).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { BookingChange } from '@/domain/bookings-contract';
import { ERROR_SEVERITIES } from '@/domain/error-log-limits';
import type { ErrorCountNudge, ErrorLogNotice } from '@/domain/errors-contract';
import type { ChatMessageNotice, ChatReceiptNotice, ChatSenderRole, ChatTypingNotice } from '@/domain/chats-contract';
import type { StreamTicket } from '@/domain/stream-ticket-contract';
import { apiIsCrossOrigin, apiUrl } from './api-base';
import { apiFetch } from './api-client';
import { useMe } from './auth';

export const EVENTS_URL = '/api/events';

/** The query key roots a booking event refreshes; features build their keys under these. */
export const LIVE_QUERY_ROOTS = {
  /** The customer's own bookings (My Bookings, the confirmation step). */
  customerBookings: ['bookings'],
  /** The admin's dispatch board, booking detail and worker list. */
  dispatch: ['dispatch'],
  /** The signed-in worker's jobs. */
  workerJobs: ['worker', 'jobs'],
} as const;

export type { BookingChange };

/** Whether an event announces a booking just placed (the board's toast and sound). */
export function isNewBooking(change: BookingChange): boolean {
  return change.type === 'created';
}

/** What one subscriber wants to hear; every handler is optional. */
interface Listener {
  booking?: (change: BookingChange) => void;
  errorLog?: (notice: ErrorLogNotice) => void;
  errorCount?: (nudge: ErrorCountNudge) => void;
  chatMessage?: (notice: ChatMessageNotice) => void;
  chatReceipt?: (notice: ChatReceiptNotice) => void;
  chatTyping?: (notice: ChatTypingNotice) => void;
  /** The stream is back after a break: events may have been missed. */
  reconnected?: () => void;
  /** The stream was lost (true: an error, the browser or this module is retrying) or is open again (false); told at once on subscribe. */
  connectionLost?: (lost: boolean) => void;
}

/** EventSource.CLOSED: the browser gave up and will not reconnect by itself. */
const CLOSED = 2;
const CLOSE_GRACE_MS = 1_000;
const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 60_000;

/** The one stream per query client, open while it has listeners. */
class LiveConnection {
  private source: EventSource | null = null;
  private readonly listeners = new Set<Listener>();
  private closeTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private retryMs = FIRST_RETRY_MS;
  private missedEvents = false;
  private lost = false;
  /** A stream ticket is being fetched (app builds); bumped by close() to drop a late answer. */
  private connecting = false;
  private generation = 0;

  constructor(private readonly queryClient: QueryClient) {}

  private setLost(lost: boolean): void {
    if (this.lost === lost) return;
    this.lost = lost;
    for (const listener of this.listeners) listener.connectionLost?.(lost);
  }

  subscribe(handlers: Listener): () => void {
    // wrapped, so the same handlers can subscribe twice and unsubscribe each independently
    const listener: Listener = { ...handlers };
    this.listeners.add(listener);
    listener.connectionLost?.(this.lost);
    if (this.closeTimer) {
      clearTimeout(this.closeTimer);
      this.closeTimer = null;
    }
    if (!this.source && !this.retryTimer && !this.connecting) this.open();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0 && !this.closeTimer) {
        this.closeTimer = setTimeout(() => {
          this.closeTimer = null;
          if (this.listeners.size === 0) this.close();
        }, CLOSE_GRACE_MS);
      }
    };
  }

  private open(): void {
    if (typeof EventSource === 'undefined') return;
    if (!apiIsCrossOrigin()) {
      this.connect(EVENTS_URL, false);
      return;
    }
    // An app build: the API is another site, whose cookie the WebView may withhold from its own
    // requests (iOS blocks third-party cookies), and the native HTTP that carries it cannot
    // stream. So a ticket fetched through it opens the stream; without one (a signed-out chat
    // guest, or no answer) the cookie is tried (docs/decisions/025).
    const generation = ++this.generation;
    this.connecting = true;
    void streamTicketQuery().then((query) => {
      if (generation !== this.generation) return;
      this.connecting = false;
      if (this.listeners.size > 0 && !this.source) this.connect(`${EVENTS_URL}${query}`, true);
    });
  }

  private connect(path: string, withCredentials: boolean): void {
    const source = new EventSource(apiUrl(path), { withCredentials });
    this.source = source;
    source.addEventListener('open', () => {
      this.retryMs = FIRST_RETRY_MS;
      this.setLost(false);
      if (this.missedEvents) {
        this.missedEvents = false;
        this.refreshAll();
        for (const listener of this.listeners) listener.reconnected?.();
      }
    });
    source.addEventListener('error', () => {
      this.missedEvents = true;
      if (this.source === source) this.setLost(true);
      if (source.readyState !== CLOSED || this.source !== source) return;
      // Refused (not just dropped): the browser will not retry, so we do, more slowly each time.
      source.close();
      this.source = null;
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.listeners.size > 0) this.open();
      }, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    });
    source.addEventListener('booking', (event) => {
      const change = parseChange((event as MessageEvent).data);
      if (!change) return;
      this.refreshAll();
      for (const listener of this.listeners) listener.booking?.(change);
    });
    source.addEventListener('error_log', (event) => {
      const notice = parseErrorLogNotice((event as MessageEvent).data);
      if (notice) for (const listener of this.listeners) listener.errorLog?.(notice);
    });
    source.addEventListener('error_count', (event) => {
      const nudge = parseErrorCountNudge((event as MessageEvent).data);
      if (nudge) for (const listener of this.listeners) listener.errorCount?.(nudge);
    });
    source.addEventListener('chat_message', (event) => {
      const notice = parseChatMessageNotice(event as MessageEvent);
      if (notice) for (const listener of this.listeners) listener.chatMessage?.(notice);
    });
    source.addEventListener('chat_receipt', (event) => {
      const notice = parseChatReceiptNotice((event as MessageEvent).data);
      if (notice) for (const listener of this.listeners) listener.chatReceipt?.(notice);
    });
    source.addEventListener('chat_typing', (event) => {
      const notice = parseChatTypingNotice((event as MessageEvent).data);
      if (notice) for (const listener of this.listeners) listener.chatTyping?.(notice);
    });
  }

  private close(): void {
    this.generation += 1;
    this.connecting = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
    this.missedEvents = false;
    this.lost = false;
    this.retryMs = FIRST_RETRY_MS;
  }

  private refreshAll(): void {
    for (const queryKey of Object.values(LIVE_QUERY_ROOTS)) void this.queryClient.invalidateQueries({ queryKey });
  }
}

/** `?ticket=…` for the stream (POST /api/events/ticket), or '' when none is given. Never throws. */
async function streamTicketQuery(): Promise<string> {
  try {
    const { ticket } = await apiFetch<StreamTicket>('/api/events/ticket', { method: 'POST' });
    return `?ticket=${encodeURIComponent(ticket)}`;
  } catch {
    return '';
  }
}

function parseChange(data: unknown): BookingChange | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = JSON.parse(data) as Partial<BookingChange>;
    return typeof parsed.bookingId === 'string' ? { bookingId: parsed.bookingId, type: String(parsed.type ?? ''), status: parsed.status ?? null } : null;
  } catch {
    return null;
  }
}

function parseJson(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const isSeverity = (value: unknown): value is ErrorLogNotice['severity'] => ERROR_SEVERITIES.includes(value as never);

function parseErrorLogNotice(data: unknown): ErrorLogNotice | null {
  const v = parseJson(data);
  if (!v || typeof v.id !== 'string' || !isSeverity(v.severity)) return null;
  return { id: v.id, severity: v.severity, error_type: String(v.error_type ?? ''), error_message: String(v.error_message ?? '') };
}

function parseErrorCountNudge(data: unknown): ErrorCountNudge | null {
  const v = parseJson(data);
  return v && isSeverity(v.severity) ? { severity: v.severity } : null;
}

// Written out rather than imported: the chats contract's schemas (and their phone library) stay out of every page's bundle.
const CHAT_SENDER_ROLES: readonly ChatSenderRole[] = ['customer', 'admin', 'worker', 'guest'];
const isSeq = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** `chat_message`: the seq is in the data and is the event's id (the id wins when the data lacks it). */
function parseChatMessageNotice(event: MessageEvent): ChatMessageNotice | null {
  const v = parseJson(event.data);
  if (!v || typeof v.conversationId !== 'string' || typeof v.messageId !== 'string') return null;
  const seq = isSeq(v.seq) ? v.seq : Number(event.lastEventId);
  return isSeq(seq) ? { conversationId: v.conversationId, messageId: v.messageId, seq } : null;
}

function parseChatReceiptNotice(data: unknown): ChatReceiptNotice | null {
  const v = parseJson(data);
  if (!v || typeof v.conversationId !== 'string' || (v.side !== 'customer' && v.side !== 'team')) return null;
  if (!isSeq(v.deliveredSeq) || !isSeq(v.readSeq)) return null;
  return { conversationId: v.conversationId, side: v.side, deliveredSeq: v.deliveredSeq, readSeq: v.readSeq };
}

function parseChatTypingNotice(data: unknown): ChatTypingNotice | null {
  const v = parseJson(data);
  if (!v || typeof v.conversationId !== 'string' || !CHAT_SENDER_ROLES.includes(v.senderRole as never)) return null;
  return { conversationId: v.conversationId, senderRole: v.senderRole as ChatTypingNotice['senderRole'], senderName: typeof v.senderName === 'string' ? v.senderName : null };
}

const connections = new WeakMap<QueryClient, LiveConnection>();

function connectionFor(queryClient: QueryClient): LiveConnection {
  let connection = connections.get(queryClient);
  if (!connection) {
    connection = new LiveConnection(queryClient);
    connections.set(queryClient, connection);
  }
  return connection;
}

export interface LiveUpdatesOptions {
  /** False to stay off (e.g. the page shows an access message instead of data). */
  enabled?: boolean;
  /** Called for every booking event, after the queries were marked stale. */
  onBookingChange?: (change: BookingChange) => void;
}

/**
 * Keeps the booking queries on screen up to date while the calling component is mounted and a
 * user is signed in (the server sends each user only the bookings they may see).
 */
export function useLiveUpdates({ enabled = true, onBookingChange }: LiveUpdatesOptions = {}): void {
  const queryClient = useQueryClient();
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const callback = useRef(onBookingChange);
  useEffect(() => {
    callback.current = onBookingChange;
  });

  useEffect(() => {
    if (!enabled || !signedIn) return;
    return connectionFor(queryClient).subscribe({ booking: (change) => callback.current?.(change) });
  }, [enabled, signedIn, queryClient]);
}

export interface LiveErrorEventsOptions {
  enabled?: boolean;
  /** A new error log entry (admins' streams). */
  onErrorLog?: (notice: ErrorLogNotice) => void;
  /** A new entry's severity (every other signed-in user's stream). */
  onErrorCount?: (nudge: ErrorCountNudge) => void;
  /** The stream came back after a break; refetch what the live events keep up to date. */
  onReconnect?: () => void;
}

/** Hears the error log's live events on the shared stream while mounted and signed in. */
export function useLiveErrorEvents({ enabled = true, ...handlers }: LiveErrorEventsOptions): void {
  const queryClient = useQueryClient();
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const callbacks = useRef(handlers);
  useEffect(() => {
    callbacks.current = handlers;
  });

  useEffect(() => {
    if (!enabled || !signedIn) return;
    return connectionFor(queryClient).subscribe({
      errorLog: (notice) => callbacks.current.onErrorLog?.(notice),
      errorCount: (nudge) => callbacks.current.onErrorCount?.(nudge),
      reconnected: () => callbacks.current.onReconnect?.(),
    });
  }, [enabled, signedIn, queryClient]);
}

export interface LiveChatEventsOptions {
  /**
   * Whether to listen. The caller decides, since a signed-out visitor with a guest conversation
   * may listen too (its cookie opens the stream); leave it false for a visitor without one, or
   * the refused stream would be retried for nothing.
   */
  enabled?: boolean;
  /** A new message (ids only; fetch the messages after the last seq you have). */
  onMessage?: (notice: ChatMessageNotice) => void;
  /** The other side's delivered/read marks moved (`side` is whose marks). */
  onReceipt?: (notice: ChatReceiptNotice) => void;
  /** Someone else is typing in a conversation. */
  onTyping?: (notice: ChatTypingNotice) => void;
  /** The stream came back after a break: refetch the messages after the last seq you have. */
  onReconnect?: () => void;
}

/** Hears the chats' live events on the shared stream while mounted and `enabled`. */
export function useLiveChatEvents({ enabled = true, ...handlers }: LiveChatEventsOptions): void {
  const queryClient = useQueryClient();
  const callbacks = useRef(handlers);
  useEffect(() => {
    callbacks.current = handlers;
  });

  useEffect(() => {
    if (!enabled) return;
    return connectionFor(queryClient).subscribe({
      chatMessage: (notice) => callbacks.current.onMessage?.(notice),
      chatReceipt: (notice) => callbacks.current.onReceipt?.(notice),
      chatTyping: (notice) => callbacks.current.onTyping?.(notice),
      reconnected: () => callbacks.current.onReconnect?.(),
    });
  }, [enabled, queryClient]);
}

/**
 * Whether the live stream is lost right now (an error; it is being retried), for a warning on
 * screens that rely on it (the dispatch board, issue #14). Keeps the stream open while mounted and
 * a user is signed in; `reconnectedAt` changes each time it comes back after a loss.
 */
export function useLiveConnectionState({ enabled = true }: { enabled?: boolean } = {}): { lost: boolean; reconnectedAt: number | null } {
  const queryClient = useQueryClient();
  const me = useMe();
  const signedIn = Boolean(me.data?.user);
  const [state, setState] = useState<{ lost: boolean; reconnectedAt: number | null }>({ lost: false, reconnectedAt: null });

  useEffect(() => {
    if (!enabled || !signedIn) return;
    return connectionFor(queryClient).subscribe({
      connectionLost: (lost) => setState((current) => (current.lost === lost ? current : { lost, reconnectedAt: lost ? current.reconnectedAt : current.lost ? Date.now() : current.reconnectedAt })),
    });
  }, [enabled, signedIn, queryClient]);

  return enabled && signedIn ? state : { lost: false, reconnectedAt: null };
}
