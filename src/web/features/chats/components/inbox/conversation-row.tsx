/**
 * One conversation in the inbox: the customer (a "Guest" tag with their email or phone when a
 * signed-out visitor started it), the booking it is about (a link to the dispatch booking page),
 * the last message (an admin's note marked as such), the unread count, who is assigned, and how
 * long the customer has waited. The customer's name is the link that opens the conversation; it
 * stretches over the whole row, so the row is one big target, and the booking link sits above it.
 */
import StickyNote from 'lucide-react/icons/sticky-note';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Conversation } from '@/domain/chats-contract';
import { formatTampaDate, formatTampaShort, formatTampaTime } from '@/domain/format';
import { cn } from '@/web/lib/cn';
import { customerNameOf, messagePreview } from './conversation-labels';
import { WaitingTime } from './waiting-time';

export interface ConversationRowProps {
  conversation: Conversation;
  /** Where the row's link goes (the inbox's URL with `?c=<id>`). */
  to: string;
  selected: boolean;
  /** When the inbox's data arrived (the query's dataUpdatedAt), for the waiting clock. */
  fetchedAt: number;
  /** The signed-in admin, to say "you" for their own assignments. */
  myId: string | undefined;
}

export function ConversationRow({ conversation, to, selected, fetchedAt, myId }: ConversationRowProps) {
  const { t, i18n } = useTranslation();
  const name = customerNameOf(conversation, t);
  const { lastMessage, assignedAdmin, unreadCount } = conversation;
  const guestContact = conversation.guest ? [conversation.customer.email, conversation.customerPhone].filter(Boolean).join(' · ') : '';
  const lastAt = conversation.lastMessageAt ?? conversation.createdAt;
  const sameDay = formatTampaDate(lastAt, 'en') === formatTampaDate(Date.now(), 'en');

  return (
    <article
      data-conversation={conversation.id}
      className={cn(
        'relative flex flex-col gap-1.5 rounded-lg border px-3 py-3 focus-within:ring-2 focus-within:ring-brand-600',
        selected ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white hover:bg-slate-50',
      )}
    >
      <div className="flex items-start justify-between gap-2">
        <h3 className="min-w-0 truncate font-semibold text-slate-900">
          <Link to={to} aria-current={selected ? 'true' : undefined} className="after:absolute after:inset-0 after:rounded-lg focus-visible:outline-none">
            {name}
          </Link>
        </h3>
        <time dateTime={lastAt} className="shrink-0 text-xs text-slate-600">
          {sameDay ? formatTampaTime(lastAt, i18n.language) : formatTampaShort(lastAt, i18n.language)}
        </time>
      </div>

      {conversation.guest || conversation.bookingReference ? (
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-700">
          {conversation.guest ? <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{t('chats.inbox.guest')}</span> : null}
          {guestContact ? <span className="min-w-0 truncate">{guestContact}</span> : null}
          {conversation.bookingId && conversation.bookingReference ? (
            <Link
              to={`/admin/bookings/${encodeURIComponent(conversation.bookingId)}`}
              className="relative z-10 rounded font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
            >
              {conversation.bookingReference}
            </Link>
          ) : null}
        </div>
      ) : null}

      <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-700">
        {lastMessage?.internal ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
            <StickyNote aria-hidden="true" className="h-3 w-3" />
            {t('chats.inbox.note')}
          </span>
        ) : null}
        <span className="truncate">{lastMessage ? messagePreview(lastMessage, t) : t('chats.inbox.noMessages')}</span>
      </p>

      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
        {unreadCount > 0 ? (
          <span className="inline-flex min-w-6 items-center justify-center rounded-full bg-brand-600 px-2 py-0.5 font-bold text-white" data-testid="unread">
            <span aria-hidden="true">{unreadCount}</span>
            <span className="sr-only">{t('chats.inbox.unread', { count: unreadCount })}</span>
          </span>
        ) : null}
        {conversation.waitingMinutes !== null ? <WaitingTime minutesAtFetch={conversation.waitingMinutes} fetchedAt={fetchedAt} /> : null}
        <span className={cn(!assignedAdmin && 'italic')}>
          {assignedAdmin ? (assignedAdmin.id === myId ? t('chats.inbox.assignedToYou') : t('chats.inbox.assignedTo', { name: assignedAdmin.name })) : t('chats.inbox.unassigned')}
        </span>
      </div>
    </article>
  );
}
