/**
 * The chat widget (issue #13, features/chats/components/widget) mounted off the first load
 * (issue #16): its code, live-update stream and chat queries are a lazy chunk, fetched once the
 * browser is idle after the page has rendered, or at once when something asks it to open
 * (`openChatWidget`, a `?chat=open` link). The floating button is fixed in place, so its later
 * arrival moves nothing on the page.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OptionalPart } from '@/web/components/errors/optional-part';
import { useChatWidget } from '@/web/lib/chat-widget';
import { loadRouteMessages } from '@/web/lib/i18n';

// With the chat words, which the public pages do not load; the panel brings the app's other words when opened.
const ChatWidget = lazy(() =>
  Promise.all([import('@/web/features/chats/components/widget/chat-widget'), loadRouteMessages('chats')]).then(([module]) => ({ default: module.ChatWidget })),
);

/** Longest wait for an idle moment before the widget loads anyway, in ms. */
const IDLE_TIMEOUT_MS = 2000;

export function DeferredChatWidget() {
  const { isOpen } = useChatWidget();
  const [searchParams] = useSearchParams();
  const wanted = isOpen || searchParams.get('chat') === 'open';
  const [idle, setIdle] = useState(false);

  useEffect(() => {
    if (idle) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(() => setIdle(true), 500);
    return () => window.clearTimeout(handle);
  }, [idle]);

  if (!idle && !wanted) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <ChatWidget />
      </Suspense>
    </OptionalPart>
  );
}
