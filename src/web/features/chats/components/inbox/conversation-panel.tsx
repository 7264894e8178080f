/**
 * The open conversation on /admin/chats: who the customer is and how to reach them (a `tel:` and a
 * `mailto:` link), the booking it is about, who is assigned (Assign to me / Unassign), Close or
 * Reopen, then the messages and the composer (ChatThread, as the team, with internal notes and
 * the canned reply picker). On phones it fills the screen, with a Back link to the list.
 */
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Conversation } from '@/domain/chats-contract';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { ApiError } from '@/web/lib/api-client';
import { formatPhoneForDisplay, telHref } from '@/web/lib/public-settings';
import { toast } from '@/web/lib/toast';
import { useAssignConversation, useSetConversationOpen } from '../../admin-api';
import { CannedReplyPicker } from '../canned-replies/canned-reply-picker';
import { ChatThread } from '../thread/chat-thread';
import { customerNameOf } from './conversation-labels';

export interface ConversationPanelProps {
  conversation: Conversation;
  /** The signed-in admin's user id. */
  myId: string;
  /** The inbox without `?c=` (the phone layout's Back link). */
  backTo: string;
}

export function ConversationPanel({ conversation, myId, backTo }: ConversationPanelProps) {
  const { t } = useTranslation();
  const assign = useAssignConversation();
  const setOpen = useSetConversationOpen();
  const name = customerNameOf(conversation, t);
  const { assignedAdmin, customerPhone } = conversation;
  const email = conversation.customer.email;
  const mine = assignedAdmin?.id === myId;
  const closed = conversation.status === 'closed';
  const failed = (error: unknown) => toast.error(error instanceof ApiError ? error.message : t('errors.generic'));

  const assignTo = (adminId: string | null) =>
    assign.mutate(
      { conversationId: conversation.id, adminId },
      { onSuccess: () => toast.success(adminId ? t('chats.inbox.assignedToast', { name }) : t('chats.inbox.unassignedToast', { name })), onError: failed },
    );
  const changeStatus = (open: boolean) =>
    setOpen.mutate(
      { conversationId: conversation.id, open },
      { onSuccess: () => toast.success(open ? t('chats.inbox.reopenedToast', { name }) : t('chats.inbox.closedToast', { name })), onError: failed },
    );
  const busy = assign.isPending || setOpen.isPending;

  return (
    <Card className="flex min-h-0 flex-1 flex-col overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-slate-200 p-4">
        <Link
          to={backTo}
          className="inline-flex min-h-10 items-center gap-1.5 self-start rounded-md text-sm font-medium text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:hidden"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          {t('chats.inbox.back')}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
              <span className="min-w-0 break-words">{name}</span>
              {conversation.guest ? <span className="rounded bg-slate-200 px-1.5 py-0.5 text-xs font-semibold text-slate-800">{t('chats.inbox.guest')}</span> : null}
              {closed ? <span className="rounded bg-slate-700 px-1.5 py-0.5 text-xs font-semibold text-white">{t('chats.inbox.closedTag')}</span> : null}
            </h2>
            <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {customerPhone ? (
                <li>
                  <a href={telHref(customerPhone)} className="inline-flex min-h-8 items-center gap-1 font-medium text-brand-700 hover:underline">
                    <Phone aria-hidden="true" className="h-4 w-4" />
                    <span className="sr-only">{t('chats.inbox.call')} </span>
                    {formatPhoneForDisplay(customerPhone)}
                  </a>
                </li>
              ) : null}
              {email ? (
                <li className="min-w-0">
                  <a href={`mailto:${email}`} className="inline-flex min-h-8 items-center gap-1 break-all font-medium text-brand-700 hover:underline">
                    <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
                    <span className="sr-only">{t('chats.inbox.email')} </span>
                    {email}
                  </a>
                </li>
              ) : null}
              {conversation.bookingId && conversation.bookingReference ? (
                <li>
                  <Link to={`/admin/bookings/${encodeURIComponent(conversation.bookingId)}`} className="inline-flex min-h-8 items-center font-medium text-brand-700 hover:underline">
                    {t('chats.inbox.booking', { reference: conversation.bookingReference })}
                  </Link>
                </li>
              ) : null}
            </ul>
            <p className="text-sm text-slate-700">
              {assignedAdmin ? (mine ? t('chats.inbox.assignedToYou') : t('chats.inbox.assignedTo', { name: assignedAdmin.name })) : t('chats.inbox.unassigned')}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {mine ? null : (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => assignTo(myId)}>
                {t('chats.inbox.assignToMe')}
              </Button>
            )}
            {assignedAdmin ? (
              <Button size="sm" variant="outline" disabled={busy} onClick={() => assignTo(null)}>
                {t('chats.inbox.unassign')}
              </Button>
            ) : null}
            <Button size="sm" variant={closed ? 'default' : 'outline'} disabled={busy} onClick={() => changeStatus(closed)}>
              {closed ? t('chats.inbox.reopen') : t('chats.inbox.close')}
            </Button>
          </div>
        </div>
      </div>
      <ChatThread
        key={conversation.id}
        conversationId={conversation.id}
        side="team"
        canWriteNotes
        composerTools={(insert) => <CannedReplyPicker language={conversation.language} onInsert={insert} />}
        className="min-h-0 flex-1"
      />
    </Card>
  );
}
