/**
 * A job's conversation with the customer, for the worker's job card (issue #13). The chats feature
 * owns it (features/chats/components/job/job-conversation.tsx, which says when it shows); this
 * wrapper loads it on demand, so the worker feature reaches it without importing another feature
 * (as the root layout reaches the chat widget and the header the admin's Chats link). It shows
 * nothing while loading, and nothing for a job without a conversation.
 */
import { lazy, Suspense, type ComponentProps } from 'react';

const LazyJobConversation = lazy(() => import('@/web/features/chats/components/job/job-conversation').then((module) => ({ default: module.JobConversation })));

export function JobConversation(props: ComponentProps<typeof LazyJobConversation>) {
  return (
    <Suspense fallback={null}>
      <LazyJobConversation {...props} />
    </Suspense>
  );
}
