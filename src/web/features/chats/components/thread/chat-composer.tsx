/**
 * The message box under a conversation: a textarea (Enter sends, Shift+Enter starts a new line),
 * a counter once the text nears CHAT_MESSAGE_MAX_LENGTH (2000), a photo button (images up to
 * 10 MB, checked here before the upload; the server checks again), the "Internal note" toggle
 * for the team (the box turns amber, and no typing notice goes out while it is on), and the
 * caller's tools (`composerTools`, e.g. canned replies) that insert text at the cursor.
 */
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Paperclip from 'lucide-react/icons/paperclip';
import Send from 'lucide-react/icons/send';
import X from 'lucide-react/icons/x';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_MESSAGE_MAX_LENGTH } from '@/domain/chats-contract';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api-client';
import { cn } from '@/web/lib/cn';
import { MAX_CHAT_PHOTO_BYTES, uploadChatPhoto } from '../../api';
import type { NewMessage, OutgoingAttachment } from '../../hooks/use-chat-outbox';

/** From this many characters the counter shows how many are left. */
const COUNTER_FROM = CHAT_MESSAGE_MAX_LENGTH - 200;

type PhotoState = { status: 'uploading'; previewUrl: string | null } | { status: 'ready'; attachment: OutgoingAttachment } | null;

const previewOf = (file: File): string | null => (typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);

export interface ChatComposerProps {
  onSend: (message: NewMessage) => void;
  /** Called on each change of the text, never while the "Internal note" toggle is on. */
  onTyping: () => void;
  canWriteNotes: boolean;
  tools?: (insert: (text: string) => void) => ReactNode;
}

export function ChatComposer({ onSend, onTyping, canWriteNotes, tools }: ChatComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [note, setNote] = useState(false);
  const [photo, setPhoto] = useState<PhotoState>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The box grows with the text up to its max height (then it scrolls).
  useLayoutEffect(() => {
    const box = textarea.current;
    if (!box) return;
    box.style.height = 'auto';
    if (box.scrollHeight > 0) box.style.height = `${box.scrollHeight}px`;
  }, [text]);

  const length = text.trim().length;
  const tooLong = length > CHAT_MESSAGE_MAX_LENGTH;
  const uploading = photo?.status === 'uploading';
  const canSend = !tooLong && !uploading && (length > 0 || photo?.status === 'ready');

  const insert = (snippet: string) => {
    const box = textarea.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + snippet + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      box?.focus();
      box?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    onSend({ body: text, internal: canWriteNotes && note, attachment: photo?.status === 'ready' ? photo.attachment : null });
    setText('');
    setPhoto(null);
    setPhotoError(null);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    // An internal note is for the team only: the customer must not see "typing..." for it.
    if (event.target.value.trim() && !(canWriteNotes && note)) onTyping();
  };

  const onPickPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setPhotoError(null);
    if (!file.type.startsWith('image/')) return setPhotoError(t('chats.composer.photoNotImage'));
    if (file.size > MAX_CHAT_PHOTO_BYTES) return setPhotoError(t('chats.composer.photoTooBig'));
    const previewUrl = previewOf(file);
    setPhoto({ status: 'uploading', previewUrl });
    try {
      const uploaded = await uploadChatPhoto(file);
      setPhoto({ status: 'ready', attachment: { id: uploaded.id, previewUrl } });
    } catch (error) {
      setPhoto(null);
      setPhotoError(error instanceof ApiError && error.status !== 0 ? error.message : t('chats.composer.uploadFailed'));
    }
  };

  const removePhoto = () => {
    const url = photo?.status === 'ready' ? photo.attachment.previewUrl : photo?.previewUrl;
    if (url && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(url);
    setPhoto(null);
  };

  const previewUrl = photo?.status === 'ready' ? photo.attachment.previewUrl : photo?.previewUrl;
  const counterId = `${id}-counter`;
  const errorId = `${id}-error`;

  return (
    <form onSubmit={submit} className={cn('flex flex-col gap-2 border-t p-2 sm:p-3', note ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white')}>
      {canWriteNotes || tools ? (
        <div className="flex flex-wrap items-center gap-2">
          {canWriteNotes ? (
            <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-1 text-sm font-medium text-slate-800">
              <input type="checkbox" checked={note} onChange={(event) => setNote(event.target.checked)} className="h-4 w-4 accent-amber-600" />
              {t('chats.composer.noteToggle')}
            </label>
          ) : null}
          {tools?.(insert)}
        </div>
      ) : null}

      {photo ? (
        <div className="flex items-center gap-2 text-sm text-slate-700">
          {previewUrl ? <img src={previewUrl} alt={t('chats.thread.photo')} className="h-14 w-14 rounded-md object-cover" /> : null}
          {uploading ? (
            <span className="inline-flex items-center gap-1" role="status">
              <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />
              {t('chats.composer.uploading')}
            </span>
          ) : null}
          <Button variant="ghost" size="sm" onClick={removePhoto} aria-label={t('chats.composer.removePhoto')}>
            <X aria-hidden="true" className="h-4 w-4" />
          </Button>
        </div>
      ) : null}

      <div className="flex items-end gap-2">
        <input ref={fileInput} type="file" accept="image/*" className="sr-only" tabIndex={-1} aria-hidden="true" onChange={onPickPhoto} />
        <Button variant="ghost" size="icon" onClick={() => fileInput.current?.click()} disabled={uploading} aria-label={t('chats.composer.attach')} className="shrink-0">
          <Paperclip aria-hidden="true" className="h-5 w-5" />
        </Button>
        <label htmlFor={`${id}-text`} className="sr-only">
          {note ? t('chats.composer.noteLabel') : t('chats.composer.label')}
        </label>
        <textarea
          id={`${id}-text`}
          ref={textarea}
          value={text}
          onChange={onChange}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={note ? t('chats.composer.notePlaceholder') : t('chats.composer.placeholder')}
          aria-describedby={[`${id}-hint`, length >= COUNTER_FROM ? counterId : null, photoError ? errorId : null].filter(Boolean).join(' ')}
          aria-invalid={tooLong || undefined}
          className={cn(
            'max-h-40 min-h-10 flex-1 resize-none rounded-md border bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:text-sm',
            tooLong ? 'border-red-600' : note ? 'border-amber-400' : 'border-slate-300',
          )}
        />
        <Button type="submit" size="icon" disabled={!canSend} aria-label={note ? t('chats.composer.sendNote') : t('chats.composer.send')} className="shrink-0">
          <Send aria-hidden="true" className="h-5 w-5" />
        </Button>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3 px-1 text-xs">
        <p id={`${id}-hint`} className="hidden text-slate-500 sm:block">
          {t('chats.composer.hint')}
        </p>
        {length >= COUNTER_FROM ? (
          <p id={counterId} aria-live="polite" className={cn('ml-auto', tooLong ? 'font-medium text-red-700' : 'text-slate-600')}>
            {tooLong ? t('chats.messageTooLong') : t('chats.composer.charactersLeft', { count: CHAT_MESSAGE_MAX_LENGTH - length })}
          </p>
        ) : null}
      </div>
      {photoError ? (
        <p id={errorId} role="alert" className="px-1 text-sm font-medium text-red-700">
          {photoError}
        </p>
      ) : null}
    </form>
  );
}
