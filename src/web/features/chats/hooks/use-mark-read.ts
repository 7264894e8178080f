/**
 * Marks a conversation read while the person can see it: when the tab is visible, the thread is
 * on screen (IntersectionObserver; assumed on screen where there is none) and something from the
 * other side came after the last mark, `POST /api/chats/{id}/read` with the last seq. The unread
 * counts (the customer's list, the guest's conversation, the admin inbox) follow the answer.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { Conversation } from '@/domain/chats-contract';
import { chatKeys, markRead } from '../api';

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

function useOnScreen(target: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = target.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries.some((entry) => entry.isIntersecting)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [target]);
  return onScreen;
}

/**
 * @param lastSeq the last message's seq in the thread
 * @param lastOtherSeq the last seq of a message from the other side (0: none)
 */
export function useMarkRead(conversationId: string, lastSeq: number, lastOtherSeq: number, target: RefObject<HTMLElement | null>) {
  const queryClient = useQueryClient();
  const visible = useDocumentVisible();
  const onScreen = useOnScreen(target);
  const marked = useRef(0);
  useEffect(() => {
    marked.current = 0;
  }, [conversationId]);

  useEffect(() => {
    if (!visible || !onScreen || lastOtherSeq <= marked.current) return;
    const before = marked.current;
    marked.current = lastSeq;
    markRead(conversationId, lastSeq)
      .then((mark) => {
        const setUnread = (conversation: Conversation) => (conversation.id === conversationId ? { ...conversation, unreadCount: mark.unreadCount } : conversation);
        queryClient.setQueryData<Conversation[]>(chatKeys.mine(), (list) => list?.map(setUnread));
        queryClient.setQueryData<Conversation | null>(chatKeys.guest(), (conversation) => (conversation ? setUnread(conversation) : conversation));
        void queryClient.invalidateQueries({ queryKey: ['chats', 'admin'] });
      })
      .catch(() => {
        // not marked: the next message or the next visit tries again
        if (marked.current === lastSeq) marked.current = before;
      });
  }, [conversationId, lastSeq, lastOtherSeq, visible, onScreen, queryClient]);
}
