/**
 * Sending messages with an optimistic "sending" line: each message the user sends gets its own
 * Idempotency-Key once, when it is written (lib/idempotency-key.ts `newIdempotencyKey`), and
 * keeps it for every retry, so a retry after a lost answer never posts it twice (the server
 * answers the first copy). Sent messages join the cached thread; a failed one stays in the
 * outbox with its error until it is retried or discarded.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { newIdempotencyKey } from '@/web/lib/idempotency-key';
import { addMessageToThread, chatKeys, sendMessage } from '../api';

export interface OutgoingAttachment {
  /** The upload's id (`POST /api/uploads`). */
  id: string;
  /** A local preview (an object URL) while it is on its way, when the browser can make one. */
  previewUrl: string | null;
}

export interface OutgoingMessage {
  /** The Idempotency-Key: made once, reused on every retry; also the React key. */
  key: string;
  body: string;
  internal: boolean;
  attachment: OutgoingAttachment | null;
  status: 'sending' | 'failed';
  error: unknown;
  createdAt: string;
}

export interface NewMessage {
  body: string;
  internal?: boolean;
  attachment?: OutgoingAttachment | null;
}

const revokePreview = (item: OutgoingMessage) => {
  if (item.attachment?.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(item.attachment.previewUrl);
};

export function useChatOutbox(conversationId: string) {
  const queryClient = useQueryClient();
  const [outbox, setOutbox] = useState<OutgoingMessage[]>([]);
  const latest = useRef(outbox);
  latest.current = outbox;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const patch = useCallback((key: string, change: Partial<OutgoingMessage> | null) => {
    if (!mounted.current) return;
    setOutbox((items) => (change === null ? items.filter((item) => item.key !== key) : items.map((item) => (item.key === key ? { ...item, ...change } : item))));
  }, []);

  const attempt = useCallback(
    async (item: OutgoingMessage) => {
      patch(item.key, { status: 'sending', error: null });
      try {
        const message = await sendMessage(
          conversationId,
          { body: item.body || undefined, attachmentId: item.attachment?.id, internal: item.internal || undefined },
          item.key,
        );
        addMessageToThread(queryClient, message);
        revokePreview(item);
        patch(item.key, null);
        void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
      } catch (error) {
        patch(item.key, { status: 'failed', error });
      }
    },
    [conversationId, patch, queryClient],
  );

  /** Sends a new message (trimmed text and/or a photo); it shows as "sending" at once. */
  const send = useCallback(
    (input: NewMessage) => {
      const item: OutgoingMessage = {
        key: newIdempotencyKey(),
        body: input.body.trim(),
        internal: input.internal ?? false,
        attachment: input.attachment ?? null,
        status: 'sending',
        error: null,
        createdAt: new Date().toISOString(),
      };
      setOutbox((items) => [...items, item]);
      void attempt(item);
    },
    [attempt],
  );

  /** Sends a failed message again, with the same Idempotency-Key. */
  const retry = useCallback(
    (key: string) => {
      const item = latest.current.find((candidate) => candidate.key === key);
      if (item && item.status === 'failed') void attempt(item);
    },
    [attempt],
  );

  const discard = useCallback(
    (key: string) => {
      const item = latest.current.find((candidate) => candidate.key === key);
      if (item) revokePreview(item);
      patch(key, null);
    },
    [patch],
  );

  return { outbox, send, retry, discard };
}
