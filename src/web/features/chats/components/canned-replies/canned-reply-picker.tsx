/**
 * The composer's "Canned replies" button: opens a searchable list (by title or text) of the
 * replies admins keep on /admin/chats; choosing one inserts its text in the conversation's
 * language (Spanish for a Spanish-speaking customer, English otherwise) into the composer, where
 * the admin can still edit it before sending. Enter in the search takes the first match (and never
 * sends the message); Escape or a click outside closes the list.
 */
import MessageSquareText from 'lucide-react/icons/message-square-text';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatLanguage } from '@/domain/chats-contract';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { ApiError } from '@/web/lib/api-client';
import { cannedReplyText, useCannedReplies } from '../../admin-api';

export interface CannedReplyPickerProps {
  /** The conversation's language: which text of a reply is inserted. */
  language: ChatLanguage;
  onInsert: (text: string) => void;
}

export function CannedReplyPicker({ language, onInsert }: CannedReplyPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const panelId = useId();
  const searchId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const replies = useCannedReplies({ enabled: open });

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const choose = (text: string) => {
    onInsert(text);
    setOpen(false);
    setQ('');
  };

  const needle = q.trim().toLocaleLowerCase();
  const matches = (replies.data ?? []).filter(
    (reply) => !needle || [reply.title, reply.bodyEn, reply.bodyEs].some((text) => text.toLocaleLowerCase().includes(needle)),
  );

  let list;
  if (replies.isPending) list = <p className="p-3 text-sm text-slate-700">{t('common.loading')}</p>;
  else if (replies.isError)
    list = (
      <p role="alert" className="p-3 text-sm font-medium text-red-700">
        {replies.error instanceof ApiError ? replies.error.message : t('chats.canned.loadFailed')}
      </p>
    );
  else if (replies.data.length === 0) list = <p className="p-3 text-sm text-slate-700">{t('chats.canned.pickerEmpty')}</p>;
  else if (matches.length === 0) list = <p className="p-3 text-sm text-slate-700">{t('chats.canned.noMatches', { q: q.trim() })}</p>;
  else
    list = (
      <ul className="flex max-h-64 flex-col overflow-y-auto py-1">
        {matches.map((reply) => (
          <li key={reply.id}>
            <button
              type="button"
              onClick={() => choose(cannedReplyText(reply, language))}
              className="flex w-full flex-col items-start gap-0.5 px-3 py-2 text-left hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none"
            >
              <span className="text-sm font-semibold text-slate-900">{reply.title}</span>
              <span className="line-clamp-2 text-xs text-slate-700">{cannedReplyText(reply, language)}</span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <Button ref={buttonRef} size="sm" variant="ghost" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <MessageSquareText aria-hidden="true" className="h-4 w-4" />
        {t('chats.canned.picker')}
      </Button>
      <div
        id={panelId}
        hidden={!open}
        role="group"
        aria-label={t('chats.canned.picker')}
        className="absolute bottom-full left-0 z-30 mb-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        {open ? (
          <>
            <div className="flex flex-col gap-1 border-b border-slate-200 p-2">
              <label htmlFor={searchId} className="sr-only">
                {t('chats.canned.search')}
              </label>
              <Input
                id={searchId}
                type="search"
                autoFocus
                value={q}
                onChange={(event) => setQ(event.target.value)}
                onKeyDown={(event) => {
                  // The picker sits inside the composer's form: Enter takes the first match instead of sending.
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  if (matches[0]) choose(cannedReplyText(matches[0], language));
                }}
                placeholder={t('chats.canned.search')}
              />
              <p className="px-1 text-xs text-slate-600">{t(`chats.canned.insertsIn.${language}`)}</p>
            </div>
            {list}
          </>
        ) : null}
      </div>
    </div>
  );
}
