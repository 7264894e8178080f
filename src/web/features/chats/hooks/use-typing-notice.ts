/**
 * "Someone is typing" for the other side: `POST /api/chats/{id}/typing` at most once every
 * TYPING_REPEAT_MS while the user types, and never while `enabled` is false (an internal note is
 * being written). Failures are ignored: the notice is a courtesy.
 */
import { useCallback, useRef } from 'react';
import { TYPING_REPEAT_MS } from '@/domain/chats-contract';
import { sendTyping } from '../api';

export function useTypingNotice(conversationId: string, enabled: boolean) {
  const lastSentAt = useRef<number | null>(null);

  /** Call on every keystroke that changes the text. */
  const typed = useCallback(() => {
    if (!enabled) return;
    const now = Date.now();
    if (lastSentAt.current !== null && now - lastSentAt.current < TYPING_REPEAT_MS) return;
    lastSentAt.current = now;
    sendTyping(conversationId).catch(() => {});
  }, [conversationId, enabled]);

  /** After a send: the next keystroke starts a new notice. */
  const reset = useCallback(() => {
    lastSentAt.current = null;
  }, []);

  return { typed, reset };
}
