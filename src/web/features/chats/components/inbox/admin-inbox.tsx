/**
 * The admin's inbox on /admin/chats (issue #13): the filters Open / Mine / Closed (`?filter=`),
 * the conversations of the chosen one, and the conversation chosen (`?c=<id>`, also the link of
 * the offline alert emails) on the right. On phones the list and the conversation take turns
 * filling the screen. New messages refresh the list live (`chat_message` on the shared event
 * stream); a minute's poll covers a stream that is down. In the list, the arrow keys move between
 * conversations.
 */
import type { KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ADMIN_CHAT_FILTERS } from '@/domain/chats-contract';
import { LoadingScreen } from '@/web/components/layout/loading-screen';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Card } from '@/web/components/ui/card';
import { useMe } from '@/web/lib/auth';
import { ScrollRow } from '@/web/components/ui/scroll-row';
import { cn } from '@/web/lib/cn';
import { useLiveChatEvents } from '@/web/lib/live-updates';
import { useAdminConversation, useAdminConversations, type AdminChatFilter } from '../../admin-api';
import { refreshAdminChats } from '../../hooks/use-admin-chat-alerts';
import { ConversationPanel } from './conversation-panel';
import { ConversationRow } from './conversation-row';

const isFilter = (value: string | null): value is AdminChatFilter => ADMIN_CHAT_FILTERS.includes(value as AdminChatFilter);
/** The tabs' order on screen. */
const FILTER_TABS: AdminChatFilter[] = ['open', 'mine', 'closed'];

/** The inbox's place in the URL: `?filter=` and `?c=`. */
export function useInboxLocation() {
  const [params] = useSearchParams();
  const filter: AdminChatFilter = isFilter(params.get('filter')) ? (params.get('filter') as AdminChatFilter) : 'open';
  const selectedId = params.get('c') || null;
  const href = (next: { filter?: AdminChatFilter; c?: string | null }) => {
    const search = new URLSearchParams(params);
    const nextFilter = next.filter ?? filter;
    if (nextFilter === 'open') search.delete('filter');
    else search.set('filter', nextFilter);
    const c = next.c === undefined ? selectedId : next.c;
    if (c) search.set('c', c);
    else search.delete('c');
    const text = search.toString();
    return text ? `?${text}` : '?';
  };
  return { filter, selectedId, href };
}

export function AdminInbox() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { filter, selectedId, href } = useInboxLocation();
  const conversations = useAdminConversations(filter);
  const selected = useAdminConversation(selectedId);
  const me = useMe();
  const myId = me.data?.user?.id;

  useLiveChatEvents({ onMessage: () => void refreshAdminChats(queryClient), onReconnect: () => void refreshAdminChats(queryClient) });

  const list = conversations.data ?? [];
  let listContent;
  if (conversations.isPending) listContent = <LoadingScreen />;
  else if (conversations.isError && !conversations.data)
    listContent = (
      <QueryErrorNotice error={conversations.error} onRetry={() => void conversations.refetch()} retrying={conversations.isFetching} title={t('chats.inbox.loadFailed')} />
    );
  else if (list.length === 0) listContent = <Card className="p-6 text-slate-700">{t(`chats.inbox.empty.${filter}`)}</Card>;
  else
    listContent = (
      <ul className="flex flex-col gap-2" onKeyDown={moveBetweenRows}>
        {list.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow
              conversation={conversation}
              to={href({ c: conversation.id })}
              selected={conversation.id === selectedId}
              fetchedAt={conversations.dataUpdatedAt}
              myId={myId}
            />
          </li>
        ))}
      </ul>
    );

  let pane;
  if (!selectedId) pane = <Card className="hidden flex-1 items-center justify-center p-6 text-slate-700 md:flex">{t('chats.inbox.choose')}</Card>;
  else if (selected.data && myId) pane = <ConversationPanel conversation={selected.data} myId={myId} backTo={href({ c: null })} />;
  else if (selected.error && selected.data === undefined)
    pane = <QueryErrorNotice error={selected.error} onRetry={() => void selected.refetch()} title={t('chats.inbox.loadFailed')} />;
  else if (selected.data === null)
    pane = (
      <Card role="alert" className="flex flex-col items-start gap-3 p-6">
        <p className="text-slate-800">{t('chats.inbox.notFound')}</p>
        <Link to={href({ c: null })} className="font-medium text-brand-700 underline">
          {t('chats.inbox.back')}
        </Link>
      </Card>
    );
  else pane = <LoadingScreen />;

  return (
    <div className="grid gap-4 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-label={t('chats.inbox.listLabel')} className={cn('flex min-w-0 flex-col gap-3', selectedId && 'hidden md:flex')}>
        <nav aria-label={t('chats.inbox.filters')}>
          <ScrollRow className="-mx-1 px-1 pb-1" fadeFrom="from-slate-50">
            <ul className="flex gap-2">
              {FILTER_TABS.map((name) => (
                <li key={name}>
                  <Link
                    to={href({ filter: name })}
                    aria-current={name === filter ? 'page' : undefined}
                    className={cn(
                      'inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium whitespace-nowrap focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
                      name === filter ? 'border-brand-600 bg-brand-600 text-white' : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100',
                    )}
                  >
                    {t(`chats.inbox.filter.${name}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </ScrollRow>
        </nav>
        <div className="md:max-h-[calc(100dvh-14rem)] md:overflow-y-auto md:pr-1" aria-busy={conversations.isFetching || undefined}>
          {listContent}
        </div>
      </section>
      <section
        aria-label={t('chats.inbox.conversationLabel')}
        className={cn('min-w-0 flex-col', selectedId ? 'flex h-[calc(100dvh-5rem)] min-h-[26rem] md:h-[calc(100dvh-11rem)]' : 'hidden md:flex')}
      >
        {pane}
      </section>
    </div>
  );
}

/** ArrowDown / ArrowUp move focus between the conversations' links. */
function moveBetweenRows(event: KeyboardEvent<HTMLUListElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const links = Array.from(event.currentTarget.querySelectorAll<HTMLAnchorElement>('h3 a'));
  const index = links.indexOf(document.activeElement as HTMLAnchorElement);
  if (index === -1) return;
  event.preventDefault();
  links[Math.min(links.length - 1, Math.max(0, index + (event.key === 'ArrowDown' ? 1 : -1)))]?.focus();
}
