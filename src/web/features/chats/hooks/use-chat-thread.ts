/**
 * One conversation kept live for the conversation view: its messages and receipts (api.ts
 * `threadQueryOptions`), refreshed by the live `chat_message` events of this conversation and
 * after the stream reconnects (so nothing is lost across a server restart), the other side's
 * receipts moved by `chat_receipt`, and who is typing (`chat_typing`, shown TYPING_SHOWN_MS
 * unless renewed, gone as soon as their message arrives).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TYPING_SHOWN_MS, type ChatSenderRole, type ChatTypingNotice } from '@/domain/chats-contract';
import { useLiveChatEvents } from '@/web/lib/live-updates';
import { refreshThread, threadQueryOptions, updateThreadReceipts, type ChatThreadData } from '../api';

export type ChatSide = 'customer' | 'team';

/** Which side wrote a message: the customer (signed in or a guest) or the team (admins, the job's worker). */
export const sideOfRole = (role: ChatSenderRole): ChatSide => (role === 'customer' || role === 'guest' ? 'customer' : 'team');

export interface TypingPerson {
  senderRole: ChatSenderRole;
  senderName: string | null;
}

export function useChatThread(conversationId: string, side: ChatSide) {
  const queryClient = useQueryClient();
  const thread = useQuery(threadQueryOptions(conversationId));
  const [typing, setTyping] = useState<TypingPerson | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTyping = useCallback(() => {
    if (typingTimer.current) clearTimeout(typingTimer.current);
    typingTimer.current = null;
    setTyping(null);
  }, []);
  useEffect(() => clearTyping, [clearTyping, conversationId]);

  const refresh = useCallback(
    (fromSeq?: number) => {
      refreshThread(queryClient, conversationId, fromSeq).catch(() => {
        // the next event, reconnect or poll tries again; the thread keeps what it shows
      });
    },
    [queryClient, conversationId],
  );

  // Shown again after a while (the widget reopened): the live events of the meantime reached no
  // mounted thread, so read what came after the last message held.
  useEffect(() => {
    if (queryClient.getQueryData(threadQueryOptions(conversationId).queryKey)) refresh();
  }, [queryClient, conversationId, refresh]);

  useLiveChatEvents({
    enabled: true,
    onMessage: (notice) => {
      if (notice.conversationId !== conversationId) return;
      const held = queryClient.getQueryData<ChatThreadData>(threadQueryOptions(conversationId).queryKey);
      if (held?.messages.some((message) => message.id === notice.messageId)) return;
      // A seq below the last one held committed late: read from just before it.
      refresh(notice.seq - 1);
    },
    onReceipt: (notice) => {
      // The marks of the other side are what this viewer's receipts show.
      if (notice.conversationId !== conversationId || notice.side === side) return;
      updateThreadReceipts(queryClient, conversationId, { deliveredSeq: notice.deliveredSeq, readSeq: notice.readSeq });
    },
    onTyping: (notice: ChatTypingNotice) => {
      if (notice.conversationId !== conversationId) return;
      if (typingTimer.current) clearTimeout(typingTimer.current);
      setTyping({ senderRole: notice.senderRole, senderName: notice.senderName });
      typingTimer.current = setTimeout(clearTyping, TYPING_SHOWN_MS);
    },
    onReconnect: () => refresh(),
  });

  // Whoever was typing has sent: their message replaces the line.
  const lastMessage = thread.data?.messages.at(-1);
  const lastSeenId = useRef(lastMessage?.id);
  useEffect(() => {
    if (!lastMessage || lastMessage.id === lastSeenId.current) return;
    lastSeenId.current = lastMessage.id;
    if (typing && lastMessage.senderRole === typing.senderRole && (typing.senderName === null || typing.senderName === lastMessage.senderName)) clearTyping();
  }, [lastMessage, typing, clearTyping]);

  return { thread, typing, refresh };
}
