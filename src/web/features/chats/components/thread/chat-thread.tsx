/**
 * The conversation view (issue #13), shared by the customer's chat widget (`side="customer"`)
 * and the admin inbox (`side="team"`, `canWriteNotes`): the messages oldest first, grouped by
 * Tampa day, each with its author and time; links clickable, photos as thumbnails, internal notes
 * marked (team side only); receipts (Sent, Delivered, Read) on the viewer's side's messages; a
 * "typing..." line; the composer. It follows the newest message unless the reader scrolled up
 * (then a "New messages" button appears), marks the conversation read while it is visible, and
 * announces new messages to screen readers (the list is a polite live log).
 *
 * Live updates come from the shared event stream (lib/live-updates.ts `useLiveChatEvents`);
 * the data calls are in ../../api.ts.
 */
import ArrowDown from 'lucide-react/icons/arrow-down';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Fragment, useCallback, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@/domain/chats-contract';
import { formatCalendarDate } from '@/domain/format';
import { businessDate, businessDay } from '@/domain/slots';
import { Button } from '@/web/components/ui/button';
import { useMe } from '@/web/lib/auth';
import { cn } from '@/web/lib/cn';
import { useContactPromise } from '@/web/lib/public-settings';
import { lastSeqOf, NO_RECEIPTS } from '../../api';
import { useChatOutbox } from '../../hooks/use-chat-outbox';
import { sideOfRole, useChatThread, type ChatSide, type TypingPerson } from '../../hooks/use-chat-thread';
import { useMarkRead } from '../../hooks/use-mark-read';
import { useTypingNotice } from '../../hooks/use-typing-notice';
import { ChatComposer } from './chat-composer';
import { MessageItem, OutgoingItem, receiptOf } from './message-item';

export interface ChatThreadProps {
  conversationId: string;
  /** Whose view: the customer's (a signed-in customer or a guest) or the team's (admins, the job's worker). */
  side: 'customer' | 'team';
  /** Admins: show the "Internal note" toggle in the composer. */
  canWriteNotes?: boolean;
  /** Extra composer tools (e.g. canned replies); `insert` puts text at the cursor. */
  composerTools?: (insert: (text: string) => void) => React.ReactNode;
  className?: string;
}

/** How close to the bottom (px) still counts as "reading the newest". */
const NEAR_BOTTOM_PX = 48;
/** Messages of one author this close together share one author line. */
const SAME_BURST_MS = 5 * 60_000;

/** Whether `message` continues `previous`'s burst: same author, same kind, same day, minutes apart. */
function continuesBurst(previous: ChatMessage | undefined, message: ChatMessage, sameDay: boolean): boolean {
  return (
    previous !== undefined &&
    sameDay &&
    previous.senderRole === message.senderRole &&
    previous.senderId === message.senderId &&
    previous.senderName === message.senderName &&
    previous.internal === message.internal &&
    Date.parse(message.createdAt) - Date.parse(previous.createdAt) < SAME_BURST_MS
  );
}

/** A day heading's words: Today, Yesterday, or the date (Tampa days). */
function useDayLabel() {
  const { t, i18n } = useTranslation();
  return useCallback(
    (day: string) => {
      const now = new Date();
      const today = businessDate(now);
      // One millisecond before today's Tampa midnight is yesterday, also on the DST days.
      const yesterday = businessDate(new Date(businessDay(now).start.getTime() - 1));
      if (day === today) return t('chats.thread.today');
      if (day === yesterday) return t('chats.thread.yesterday');
      return formatCalendarDate(day, i18n.language, 'long');
    },
    [t, i18n.language],
  );
}

function typingText(t: (key: string, options?: Record<string, unknown>) => string, person: TypingPerson, side: ChatSide): string {
  if (person.senderName) return t('chats.thread.typing', { name: person.senderName });
  return side === 'customer' ? t('chats.thread.teamTyping') : t('chats.thread.someoneTyping');
}

/**
 * One conversation's view. Another conversation (the inbox switching) starts afresh: no draft,
 * outbox, scroll position or typing line carries over to another customer.
 */
export function ChatThread(props: ChatThreadProps) {
  return <ConversationView key={props.conversationId} {...props} />;
}

function ConversationView({ conversationId, side, canWriteNotes = false, composerTools, className }: ChatThreadProps) {
  const { t } = useTranslation();
  const me = useMe();
  const myId = me.data?.user?.id ?? null;
  const promise = useContactPromise();
  const dayLabel = useDayLabel();
  const { thread, typing } = useChatThread(conversationId, side);
  const { outbox, send, retry, discard } = useChatOutbox(conversationId);
  const typingNotice = useTypingNotice(conversationId, true);

  const messages = useMemo(() => (thread.data?.messages ?? []).filter((message) => side === 'team' || !message.internal), [thread.data, side]);
  const receipts = thread.data?.receipts ?? NO_RECEIPTS;

  /** The viewer's side wrote it (shown on the right, with receipts): the customer's messages, or (team) the team's. */
  const isOwnSide = (message: ChatMessage) => sideOfRole(message.senderRole) === side;
  /** The viewer wrote it: on the customer side any customer message; on the team side only the viewer's own. */
  const isMine = (message: ChatMessage) => (side === 'customer' ? isOwnSide(message) : myId !== null && message.senderId === myId);
  const authorOf = (message: ChatMessage): string => {
    if (isMine(message)) return t('chats.thread.you');
    const role = t(`chats.thread.roles.${message.senderRole}`);
    return message.senderName ? t('chats.thread.author', { name: message.senderName, role }) : role;
  };

  const lastSeq = lastSeqOf(messages);
  // Unread counts messages of anyone else (for an admin also the other admins' answers and notes).
  const lastOtherSeq = messages.reduce((last, message) => (isMine(message) ? last : Math.max(last, message.seq)), 0);

  // ---- Following the newest message ----
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [newBelow, setNewBelow] = useState(false);
  const itemCount = messages.length + outbox.length;
  const seenCount = useRef(0);

  const scrollToNewest = useCallback(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
    atBottom.current = true;
    setNewBelow(false);
  }, []);

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    atBottom.current = box.scrollHeight - box.scrollTop - box.clientHeight <= NEAR_BOTTOM_PX;
    if (atBottom.current) setNewBelow(false);
  };

  useLayoutEffect(() => {
    if (itemCount === seenCount.current) return;
    const first = seenCount.current === 0;
    const grew = itemCount > seenCount.current;
    seenCount.current = itemCount;
    if (first || atBottom.current) scrollToNewest();
    else if (grew) setNewBelow(true);
  }, [itemCount, scrollToNewest]);

  // A message the viewer sends always brings them down to it.
  const sendAndFollow: typeof send = (message) => {
    atBottom.current = true;
    typingNotice.reset();
    send(message);
  };

  useMarkRead(conversationId, lastSeq, lastOtherSeq, end);

  let body: ReactNode;
  if (thread.isPending) {
    body = (
      <p role="status" className="flex items-center justify-center gap-2 p-6 text-sm text-slate-600">
        <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
        {t('chats.thread.loading')}
      </p>
    );
  } else if (thread.isError && !thread.data) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 p-6 text-center text-sm text-red-800">
        <p>{t('chats.thread.loadFailed')}</p>
        <Button variant="outline" size="sm" onClick={() => void thread.refetch()}>
          {t('chats.thread.retry')}
        </Button>
      </div>
    );
  } else if (messages.length === 0 && outbox.length === 0) {
    body = <p className="p-6 text-center text-sm text-slate-600">{side === 'customer' ? t('chats.thread.empty', { min: promise.min, max: promise.max }) : t('chats.thread.emptyTeam')}</p>;
  } else {
    let previousDay: string | null = null;
    body = (
      <ol className="flex flex-col gap-3 p-3" aria-label={t('chats.thread.messages')}>
        {messages.map((message, index) => {
          const day = businessDate(new Date(message.createdAt));
          const heading = day !== previousDay ? dayLabel(day) : null;
          previousDay = day;
          const showAuthor = !continuesBurst(messages[index - 1], message, heading === null);
          const own = isOwnSide(message);
          return (
            <Fragment key={message.id}>
              {heading ? (
                <li className="my-1 flex items-center gap-2 text-xs font-medium text-slate-500">
                  <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                  <h3 className="shrink-0">{heading}</h3>
                  <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
                </li>
              ) : null}
              <MessageItem message={message} own={own} author={authorOf(message)} showAuthor={showAuthor} receipt={own && !message.internal ? receiptOf(message.seq, receipts) : null} />
            </Fragment>
          );
        })}
        {outbox.map((item) => (
          <OutgoingItem key={item.key} item={item} onRetry={() => retry(item.key)} onDiscard={() => discard(item.key)} />
        ))}
      </ol>
    );
  }

  return (
    <section className={cn('relative flex min-h-0 flex-col bg-white', className)} aria-label={t('chats.thread.label')}>
      <div ref={scroller} onScroll={onScroll} role="log" aria-live="polite" aria-relevant="additions" className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {body}
        <div ref={end} className="h-px" />
      </div>
      {newBelow ? (
        <div className="pointer-events-none absolute inset-x-0 bottom-28 flex justify-center">
          <Button size="sm" className="pointer-events-auto rounded-full shadow" onClick={scrollToNewest}>
            <ArrowDown aria-hidden="true" className="h-4 w-4" />
            {t('chats.thread.newMessages')}
          </Button>
        </div>
      ) : null}
      <p aria-live="polite" className="min-h-5 px-4 text-xs italic text-slate-600">
        {typing ? typingText(t, typing, side) : null}
      </p>
      <ChatComposer
        onSend={sendAndFollow}
        onTyping={typingNotice.typed}
        canWriteNotes={canWriteNotes}
        tools={composerTools}
      />
    </section>
  );
}
