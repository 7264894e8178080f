/**
 * The worker's side of a job's conversation (issue #13), on the job's card in the worker's day: a
 * "Messages with the customer" button, with the unread count, that opens the conversation inline
 * (the team's view, without internal notes), laid out for a phone.
 *
 * Shown only while `GET /api/chats` lists a conversation about the job's booking and the job is in
 * a state in which its worker takes part (confirmed, en route, in progress: the server's rule in
 * chats.service.ts `openConversation`). The customer starts conversations; the worker joins while
 * assigned, so a job without one shows nothing. When the job is completed or reassigned the server
 * stops listing the conversation and answers 404 for its messages: the section then goes away (the
 * stale entry leaves the cached list, which is refetched with the worker's jobs), never an error
 * with a retry button.
 *
 * The worker feature reaches this through components/chat/job-conversation.tsx, which loads it on
 * demand (features do not import each other).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import ChevronDown from 'lucide-react/icons/chevron-down';
import MessagesSquare from 'lucide-react/icons/messages-square';
import { useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingStatus } from '@/domain/booking-status';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { LIVE_QUERY_ROOTS, useLiveChatEvents } from '@/web/lib/live-updates';
import { chatKeys, threadQueryOptions, useMyConversations, type Conversation } from '../../api';
import { ChatThread } from '../thread/chat-thread';

/** The job states in which its worker takes part in the job's conversation (as the server decides). */
const WORKER_CHAT_STATUSES: readonly BookingStatus[] = ['confirmed', 'en_route', 'in_progress'];

export interface JobConversationProps {
  /** The job's booking id (a worker job's `id`). */
  bookingId: string;
  jobStatus: BookingStatus;
}

export function JobConversation({ bookingId, jobStatus }: JobConversationProps) {
  const queryClient = useQueryClient();
  const active = WORKER_CHAT_STATUSES.includes(jobStatus);
  const list = useMyConversations({ enabled: active });

  // New messages (also the first one of a conversation the customer just started) change the
  // list's unread counts. Every job card listens: one refetch serves them all (cancelRefetch false).
  const refreshList = useCallback(() => void queryClient.invalidateQueries({ queryKey: chatKeys.lists() }, { cancelRefetch: false }), [queryClient]);
  useLiveChatEvents({ enabled: active, onMessage: refreshList, onReconnect: refreshList });

  if (!active || !list.data) return null;
  const about = list.data.filter((conversation) => conversation.bookingId === bookingId);
  const conversation = about.find((item) => item.status === 'open') ?? about[0];
  if (!conversation) return null;
  return <JobConversationSection conversation={conversation} listUpdatedAt={list.dataUpdatedAt} />;
}

function JobConversationSection({ conversation, listUpdatedAt }: { conversation: Conversation; listUpdatedAt: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const panelId = useId();
  const [open, setOpen] = useState(false);

  // Watches the thread's answers without fetching (the thread fetches while open). A 404 newer
  // than the list means the worker no longer takes part: the list is out of date.
  const thread = useQuery({ ...threadQueryOptions(conversation.id), enabled: false });
  const gone = thread.error instanceof ApiError && thread.error.status === 404 && thread.errorUpdatedAt > listUpdatedAt;
  useEffect(() => {
    if (!gone) return;
    queryClient.setQueryData<Conversation[]>(chatKeys.mine(), (list) => list?.filter((item) => item.id !== conversation.id));
    void queryClient.invalidateQueries({ queryKey: chatKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: LIVE_QUERY_ROOTS.workerJobs });
  }, [gone, conversation.id, queryClient]);
  if (gone) return null;

  const unread = conversation.unreadCount;
  return (
    <div className="overflow-hidden rounded-md border border-slate-200">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-14 w-full items-center gap-3 bg-slate-50 px-4 py-3 text-left text-base font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-brand-600"
      >
        <MessagesSquare aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-700" />
        <span className="min-w-0 flex-1">{t('chats.job.title')}</span>
        {unread > 0 ? (
          <span data-testid="job-chat-unread" className="inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 text-sm leading-6 font-bold text-white">
            <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
            <span className="sr-only">{t('chats.job.unread', { count: unread })}</span>
          </span>
        ) : null}
        <ChevronDown aria-hidden="true" className={cn('h-5 w-5 shrink-0 text-slate-600 transition-transform motion-reduce:transition-none', open && 'rotate-180')} />
      </button>
      {open ? (
        <div id={panelId}>
          {/* A fixed height that leaves room for the phone's keyboard: the thread scrolls inside it. */}
          <ChatThread conversationId={conversation.id} side="team" canWriteNotes={false} className="h-[min(32rem,65dvh)] border-t border-slate-200" />
        </div>
      ) : null}
    </div>
  );
}
