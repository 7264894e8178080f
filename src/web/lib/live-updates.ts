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
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { BookingChange } from '@/domain/bookings-contract';
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

type Listener = (change: BookingChange) => void;

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

  constructor(private readonly queryClient: QueryClient) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    if (this.closeTimer) {
      clearTimeout(this.closeTimer);
      this.closeTimer = null;
    }
    if (!this.source && !this.retryTimer) this.open();
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
    const source = new EventSource(EVENTS_URL);
    this.source = source;
    source.addEventListener('open', () => {
      this.retryMs = FIRST_RETRY_MS;
      if (this.missedEvents) {
        this.missedEvents = false;
        this.refreshAll();
      }
    });
    source.addEventListener('error', () => {
      this.missedEvents = true;
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
      for (const listener of this.listeners) listener(change);
    });
  }

  private close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.source?.close();
    this.source = null;
    this.missedEvents = false;
    this.retryMs = FIRST_RETRY_MS;
  }

  private refreshAll(): void {
    for (const queryKey of Object.values(LIVE_QUERY_ROOTS)) void this.queryClient.invalidateQueries({ queryKey });
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
    return connectionFor(queryClient).subscribe((change) => callback.current?.(change));
  }, [enabled, signedIn, queryClient]);
}
