/**
 * The chat button's unread count (hooks/use-chat-unread.ts: the conversations' counts, refreshed
 * by the live stream), a lazy part of the chat widget mounted only for someone who can have
 * messages: a signed-in customer, or a browser that holds a guest conversation (issue #16: a
 * first-time visitor's page loads neither the live-update stream's code nor the chats API for a
 * button with no count). Hands the count to the widget; 0 once unmounted.
 */
import { useEffect } from 'react';
import { useChatUnread } from '../../hooks/use-chat-unread';

export function ChatUnread({ signedIn, onCount }: { signedIn: boolean; onCount: (count: number) => void }) {
  const { unreadCount } = useChatUnread({ signedIn });
  useEffect(() => onCount(unreadCount), [unreadCount, onCount]);
  useEffect(() => () => onCount(0), [onCount]);
  return null;
}
