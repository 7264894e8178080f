/**
 * What the chat panel shows (loaded on the widget's first open): for a signed-in customer the
 * conversation `POST /api/chats` opens (the one about the requested booking, or the general one),
 * except that a plain open (no booking asked for) shows the latest conversation with unread
 * answers first, so the badge that invited the click is cleared by reading them;
 * for a signed-out visitor their guest conversation when they have one (`GET /api/chats/guest`),
 * otherwise a short form (name, email or phone) that starts it.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api-client';
import type { ChatWidgetRequest } from '@/web/lib/chat-widget';
import { chatKeys, chatLanguageOf, mayHaveGuestConversation, startConversationQueryOptions, useGuestConversation, type Conversation } from '../../api';
import { ChatThread } from '../thread/chat-thread';
import { GuestStartForm } from './guest-start-form';
import { PanelLoading } from './panel-frame';

function PanelError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-sm text-red-800">
      <p>{error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : t('chats.widget.loadFailed')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('chats.thread.retry')}
      </Button>
    </div>
  );
}

function OpenConversation({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  return (
    <>
      {conversation.bookingReference ? (
        <p className="border-b border-slate-200 bg-slate-50 px-4 py-2 text-xs font-medium text-slate-700">{t('chats.widget.aboutBooking', { reference: conversation.bookingReference })}</p>
      ) : null}
      <ChatThread conversationId={conversation.id} side="customer" className="flex-1" />
    </>
  );
}

function CustomerConversation({ bookingId }: { bookingId: string | undefined }) {
  const { i18n } = useTranslation();
  const started = useQuery(startConversationQueryOptions(bookingId, chatLanguageOf(i18n.language)));
  if (started.isPending) return <PanelLoading />;
  if (started.isError) return <PanelError error={started.error} onRetry={() => void started.refetch()} />;
  return <OpenConversation conversation={started.data} />;
}

function GuestConversation() {
  const queryClient = useQueryClient();
  // A browser that never started a guest conversation has none to find: the form at once. (Should
  // its cookie still name one, starting answers that conversation instead of a new one.)
  const [mayHaveOne] = useState(mayHaveGuestConversation);
  const guest = useGuestConversation({ enabled: mayHaveOne });
  if (guest.isPending && mayHaveOne) return <PanelLoading />;
  if (guest.isError) return <PanelError error={guest.error} onRetry={() => void guest.refetch()} />;
  if (!guest.data) return <GuestStartForm onStarted={(conversation) => queryClient.setQueryData(chatKeys.guest(), conversation)} />;
  return <OpenConversation conversation={guest.data} />;
}

/** A plain open: the latest conversation with unread answers (chosen once, so reading it does not switch away), else the general one. */
function DefaultConversation() {
  const queryClient = useQueryClient();
  const [unread] = useState(() => queryClient.getQueryData<Conversation[]>(chatKeys.mine())?.find((conversation) => conversation.unreadCount > 0));
  return unread ? <OpenConversation conversation={unread} /> : <CustomerConversation bookingId={undefined} />;
}

export function ChatPanelContent({ request, signedIn }: { request: ChatWidgetRequest; signedIn: boolean }) {
  if (!signedIn) return <GuestConversation />;
  return request.bookingId ? <CustomerConversation key={request.bookingId} bookingId={request.bookingId} /> : <DefaultConversation />;
}
