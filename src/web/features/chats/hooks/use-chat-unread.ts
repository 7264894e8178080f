/**
 * The customer's unread count for the chat button and the header's Messages badge: the sum of
 * `unreadCount` over `GET /api/chats` when signed in, or the guest conversation's
 * (`GET /api/chats/guest`) when signed out; both refresh on every live `chat_message` and after
 * the stream reconnects. The stream is only listened to by someone who can have messages (signed
 * in, or a guest with a conversation), so a first-time visitor opens no event stream; a signed-out
 * visitor is asked about only when this browser started or found a guest conversation
 * (`mayHaveGuestConversation`), so one who never chatted costs no request at all. Read by
 * components/widget/chat-unread.tsx, which the widget mounts only where it is shown.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useLiveChatEvents } from '@/web/lib/live-updates';
import { chatKeys, mayHaveGuestConversation, useGuestConversation, useMyConversations } from '../api';

export function useChatUnread({ signedIn }: { signedIn: boolean }) {
  const queryClient = useQueryClient();
  const mine = useMyConversations({ enabled: signedIn });
  const guest = useGuestConversation({ enabled: !signedIn && mayHaveGuestConversation() });
  const hasGuestConversation = !signedIn && Boolean(guest.data);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: signedIn ? chatKeys.lists() : chatKeys.guest() });
  };
  useLiveChatEvents({ enabled: signedIn || hasGuestConversation, onMessage: refresh, onReconnect: refresh });

  const unreadCount = signedIn
    ? (mine.data ?? []).reduce((sum, conversation) => sum + conversation.unreadCount, 0)
    : (guest.data?.unreadCount ?? 0);
  return { unreadCount, hasGuestConversation };
}
