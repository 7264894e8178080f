/**
 * One message in the conversation view: who wrote it (name and role, or "You"), the time (Tampa
 * clock), the text with clickable links, a photo as a thumbnail that opens full size, internal
 * notes marked as such, and on the viewer's own messages the receipt (Sent, Delivered, Read).
 * `OutgoingItem` is a message on its way: "Sending..." or, when it failed, the error with Retry.
 */
import AlertCircle from 'lucide-react/icons/circle-alert';
import Check from 'lucide-react/icons/check';
import CheckCheck from 'lucide-react/icons/check-check';
import Lock from 'lucide-react/icons/lock';
import { useTranslation } from 'react-i18next';
import type { ChatMessage, ChatReceipts } from '@/domain/chats-contract';
import { formatTampaTime } from '@/domain/format';
import { Button } from '@/web/components/ui/button';
import { apiUrl } from '@/web/lib/api-base';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import type { OutgoingMessage } from '../../hooks/use-chat-outbox';
import { MessageText } from './message-text';

export type ReceiptState = 'sent' | 'delivered' | 'read';

/** The receipt of one of the viewer's messages, by the other side's marks (chats-contract `chatReceiptsSchema`). */
export function receiptOf(seq: number, receipts: ChatReceipts): ReceiptState {
  if (seq <= receipts.readSeq) return 'read';
  if (seq <= receipts.deliveredSeq) return 'delivered';
  return 'sent';
}

function Bubble({ own, internal, children }: { own: boolean; internal: boolean; children: React.ReactNode }) {
  return (
    <div
      className={cn(
        'max-w-[85%] rounded-2xl px-3 py-2 text-sm shadow-sm sm:max-w-[75%]',
        internal
          ? 'border border-dashed border-amber-400 bg-amber-50 text-amber-950'
          : own
            ? 'rounded-br-sm bg-brand-600 text-white'
            : 'rounded-bl-sm bg-slate-100 text-slate-900',
      )}
    >
      {children}
    </div>
  );
}

function Photo({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="mb-1 block rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
      <img src={url} alt={label} loading="lazy" className="max-h-48 max-w-full rounded-lg object-cover" />
      <span className="sr-only">{t('chats.thread.openPhoto')}</span>
    </a>
  );
}

export interface MessageItemProps {
  message: ChatMessage;
  /** Written by the viewer (or the viewer's side): shown on the right, with a receipt. */
  own: boolean;
  /** "You", or the sender's name with their role. */
  author: string;
  /** The receipt to show (own messages that are not notes), or null. */
  receipt: ReceiptState | null;
  /** False for a message right after one of the same author: the author line is then for screen readers only. */
  showAuthor?: boolean;
}

export function MessageItem({ message, own, author, receipt, showAuthor = true }: MessageItemProps) {
  const { t, i18n } = useTranslation();
  const time = formatTampaTime(message.createdAt, i18n.language);
  return (
    <li className={cn('flex flex-col gap-0.5', own ? 'items-end' : 'items-start')}>
      <p className={showAuthor ? 'px-1 text-xs text-slate-600' : 'sr-only'}>
        <span className="font-medium text-slate-800">{author}</span>
        <span aria-hidden="true"> · </span>
        <time dateTime={message.createdAt}>{time}</time>
      </p>
      <Bubble own={own} internal={message.internal}>
        {message.internal ? (
          <p className="mb-1 flex items-center gap-1 text-xs font-semibold uppercase tracking-wide text-amber-800">
            <Lock aria-hidden="true" className="h-3 w-3" />
            {t('chats.thread.internalNote')}
          </p>
        ) : null}
        {message.attachment ? <Photo url={apiUrl(message.attachment.url)} label={t('chats.thread.photo')} /> : null}
        {message.body ? <MessageText text={message.body} /> : null}
      </Bubble>
      {receipt ? (
        <p className="flex items-center gap-1 px-1 text-xs text-slate-600">
          {receipt === 'sent' ? <Check aria-hidden="true" className="h-3 w-3" /> : <CheckCheck aria-hidden="true" className={cn('h-3 w-3', receipt === 'read' && 'text-brand-600')} />}
          {receipt === 'read' ? t('chats.thread.receipt.read') : receipt === 'delivered' ? t('chats.thread.receipt.delivered') : t('chats.thread.receipt.sent')}
        </p>
      ) : null}
    </li>
  );
}

export function OutgoingItem({ item, onRetry, onDiscard }: { item: OutgoingMessage; onRetry: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  const failed = item.status === 'failed';
  return (
    <li className="flex flex-col items-end gap-0.5">
      <p className="px-1 text-xs font-medium text-slate-800">{t('chats.thread.you')}</p>
      <div aria-busy={!failed}>
        <Bubble own internal={item.internal}>
          {item.internal ? <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-amber-800">{t('chats.thread.internalNote')}</p> : null}
          {item.attachment?.previewUrl ? <img src={item.attachment.previewUrl} alt={t('chats.thread.photo')} className="mb-1 max-h-48 max-w-full rounded-lg object-cover" /> : null}
          {item.body ? <MessageText text={item.body} /> : null}
        </Bubble>
      </div>
      {failed ? (
        <div role="alert" className="flex flex-wrap items-center justify-end gap-2 px-1 text-xs text-red-800">
          <AlertCircle aria-hidden="true" className="h-3.5 w-3.5" />
          <span>{item.error instanceof ApiError && item.error.status !== 0 ? item.error.message : t('chats.thread.notSent')}</span>
          <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={onRetry}>
            {t('chats.thread.retrySend')}
          </Button>
          <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={onDiscard}>
            {t('chats.thread.discard')}
          </Button>
        </div>
      ) : (
        <p className="px-1 text-xs text-slate-600">{t('chats.thread.sending')}</p>
      )}
    </li>
  );
}
