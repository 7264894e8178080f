/**
 * One Server-Sent Events stream of `GET /api/events` (events.routes.ts for signed-in callers,
 * guest-chat-stream.ts for a signed-out chat guest): the plumbing both share.
 *  - Chat messages carry their seq as the SSE id. With a Last-Event-ID, the missed ones are
 *    replayed first while live ones wait; then the live ones not replayed follow (seqs may commit
 *    out of order, so sent ones are remembered by value, not as a high-water mark).
 *  - A `: keep-alive` comment every `keepAliveMs`; `retry:` tells EventSource when to reconnect.
 *  - A client that leaves `maxPendingWrites` writes unread is dropped (its EventSource reconnects).
 *  - The stream ends when the client goes away or the hub closes (server shutdown).
 */
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ChatMessageNotice } from '../../domain/chats-contract';
import type { AppEnv } from '../lib/app-env';
import type { ChatNotice } from './chat-events';

export interface EventStreamOptions {
  /** Interval of the keep-alive comment, ms. */
  keepAliveMs: number;
  /** What the browser's EventSource waits before reconnecting, ms (sent as `retry:`). */
  reconnectMs: number;
  /** Writes a client may leave unread before its stream is dropped. */
  maxPendingWrites: number;
  /** The request's Last-Event-ID as a chat seq, or null. */
  lastEventId: number | null;
}

export interface EventStreamSources {
  /** Whether a new chat message belongs on this stream. */
  carriesChat: (notice: ChatNotice) => boolean;
  /** The chat messages of this stream after a seq, oldest first (the Last-Event-ID replay). */
  missedChats: (afterSeq: number) => Promise<ChatMessageNotice[]>;
  /** The stream's other live events: subscribe with `emit` (no SSE id), return the unsubscribes. */
  subscribe: (emit: (event: string, data: unknown) => void) => Array<() => void>;
}

/** A Last-Event-ID header as a chat seq, or null when absent or not one (only chat events carry ids). */
export function lastEventIdOf(header: string | undefined): number | null {
  if (header === undefined || !/^\d{1,15}$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** Answers the event stream with `sources`' events until the client or the hub goes away. */
export function openEventStream(c: Context<AppEnv>, options: EventStreamOptions, sources: EventStreamSources): Response {
  const { bookingEvents } = c.var.deps;
  // Tell a fronting nginx not to buffer the stream.
  c.header('X-Accel-Buffering', 'no');
  const disconnected = c.req.raw.signal;

  return streamSSE(c, async (stream) => {
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let pending = 0;
    const send = (write: () => Promise<unknown>) => {
      if (stream.aborted || stream.closed) return;
      if (pending >= options.maxPendingWrites) {
        stream.abort();
        finish();
        return;
      }
      pending++;
      void write().finally(() => {
        pending--;
      });
    };

    let held: ChatMessageNotice[] | null = options.lastEventId === null ? null : [];
    const replayed = new Set<number>();
    const sendChat = (notice: ChatMessageNotice) => {
      if (replayed.has(notice.seq)) return;
      const data = JSON.stringify({ conversationId: notice.conversationId, messageId: notice.messageId, seq: notice.seq });
      send(() => stream.writeSSE({ event: 'chat_message', id: String(notice.seq), data }));
    };
    const unsubscribers = [
      bookingEvents.subscribeChat((notice) => {
        if (!sources.carriesChat(notice)) return;
        if (held) held.push(notice);
        else sendChat(notice);
      }),
      ...sources.subscribe((event, data) => send(() => stream.writeSSE({ event, data: JSON.stringify(data) }))),
      bookingEvents.onClose(finish),
    ];
    const keepAlive = setInterval(() => send(() => stream.write(': keep-alive\n\n')), options.keepAliveMs);
    stream.onAbort(finish);
    disconnected.addEventListener('abort', finish);
    if (disconnected.aborted) finish();

    try {
      // The first bytes, so the client sees the stream open at once.
      await stream.write(`: connected\nretry: ${options.reconnectMs}\n\n`);
      if (held) {
        for (const notice of await sources.missedChats(options.lastEventId!)) {
          sendChat(notice);
          replayed.add(notice.seq);
        }
        const live = held;
        held = null;
        for (const notice of live) sendChat(notice);
      }
      await finished;
    } finally {
      clearInterval(keepAlive);
      for (const unsubscribe of unsubscribers) unsubscribe();
      disconnected.removeEventListener('abort', finish);
    }
  });
}
