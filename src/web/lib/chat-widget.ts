/**
 * The chat widget's remote control (issue #13): the one place where any page (My Bookings'
 * "Message us about this booking", the header's Messages button) asks the floating chat widget
 * to open, and where the widget publishes its unread count for the header's badge. The widget
 * itself lives in features/chats/components/widget and is mounted once by the root layout; this
 * store sits in lib so features and the header can reach it without importing the chats feature.
 *
 * State is per page load (a module store read through useSyncExternalStore), never persisted.
 */
import { useSyncExternalStore } from 'react';

export interface ChatWidgetRequest {
  /** Open the conversation about this booking (one of the customer's) instead of the general one. */
  bookingId?: string;
}

export interface ChatWidgetState {
  isOpen: boolean;
  /** What the last open() asked for; a new object each time, so the widget can tell two requests apart. */
  request: ChatWidgetRequest;
  /** Messages from the team the customer (or guest) has not read, as the widget last counted them. */
  unreadCount: number;
  /** Whether the widget is on this page (not on staff pages, not for staff). */
  available: boolean;
}

const INITIAL: ChatWidgetState = { isOpen: false, request: {}, unreadCount: 0, available: false };

let state: ChatWidgetState = INITIAL;
const subscribers = new Set<() => void>();

function update(patch: Partial<ChatWidgetState>): void {
  const next = { ...state, ...patch };
  if ((Object.keys(patch) as (keyof ChatWidgetState)[]).every((key) => Object.is(next[key], state[key]))) return;
  state = next;
  for (const notify of subscribers) notify();
}

function subscribe(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

const snapshot = () => state;

/** Opens the widget (from anywhere, also outside React), on the booking's conversation when given. */
export function openChatWidget(request: ChatWidgetRequest = {}): void {
  update({ isOpen: true, request: { ...request } });
}

export function closeChatWidget(): void {
  update({ isOpen: false });
}

/** The widget's own reports: its unread count and whether it is shown on this page. */
export function reportChatWidget(patch: Partial<Pick<ChatWidgetState, 'unreadCount' | 'available'>>): void {
  update(patch);
}

/** Tests only: back to closed, nothing unread. */
export function resetChatWidget(): void {
  state = INITIAL;
  for (const notify of subscribers) notify();
}

/**
 * The widget's state and remote control: `open({ bookingId })` opens it (on the conversation
 * about that booking), `close()` closes it.
 */
export function useChatWidget(): ChatWidgetState & { open: typeof openChatWidget; close: typeof closeChatWidget } {
  const current = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { ...current, open: openChatWidget, close: closeChatWidget };
}
