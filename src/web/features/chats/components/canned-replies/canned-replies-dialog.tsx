/**
 * "Canned replies" on /admin/chats: the list of ready answers admins insert into conversations
 * (title, English and Spanish text), with Add, Edit, and Delete (asked again before it goes).
 */
import Pencil from 'lucide-react/icons/pencil';
import Plus from 'lucide-react/icons/plus';
import Trash2 from 'lucide-react/icons/trash-2';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CannedReply } from '@/domain/chats-contract';
import { QueryErrorNotice } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { Dialog } from '@/web/components/ui/dialog';
import { ApiError } from '@/web/lib/api-client';
import { toast } from '@/web/lib/toast';
import { useCannedReplies, useDeleteCannedReply } from '../../admin-api';
import { CannedReplyForm } from './canned-reply-form';

type Editing = { reply: CannedReply | null } | null;

export function CannedRepliesDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const replies = useCannedReplies();
  const [editing, setEditing] = useState<Editing>(null);

  let content;
  if (editing) content = <CannedReplyForm reply={editing.reply} onDone={() => setEditing(null)} />;
  else if (replies.isPending) content = <p className="text-slate-700">{t('common.loading')}</p>;
  else if (replies.isError) content = <QueryErrorNotice error={replies.error} onRetry={() => void replies.refetch()} retrying={replies.isFetching} title={t('chats.canned.loadFailed')} />;
  else
    content = (
      <div className="flex flex-col gap-4">
        <Button className="self-start" onClick={() => setEditing({ reply: null })}>
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('chats.canned.add')}
        </Button>
        {replies.data.length === 0 ? (
          <p className="text-slate-700">{t('chats.canned.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {replies.data.map((reply) => (
              <li key={reply.id}>
                <ReplyItem reply={reply} onEdit={() => setEditing({ reply })} />
              </li>
            ))}
          </ul>
        )}
      </div>
    );

  return (
    <Dialog title={t('chats.canned.manage')} description={t('chats.canned.description')} onClose={onClose} className="sm:max-w-2xl">
      {content}
    </Dialog>
  );
}

function ReplyItem({ reply, onEdit }: { reply: CannedReply; onEdit: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteCannedReply();
  const [confirming, setConfirming] = useState(false);

  const confirmDelete = () =>
    remove.mutate(reply.id, {
      onSuccess: () => toast.success(t('chats.canned.deleted', { title: reply.title })),
      onError: (error) => {
        setConfirming(false);
        toast.error(error instanceof ApiError ? error.message : t('errors.generic'));
      },
    });

  return (
    <article className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <h3 className="font-semibold text-slate-900">{reply.title}</h3>
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium text-slate-600">{t('chats.canned.bodyEn')}</dt>
        <dd className="whitespace-pre-line text-slate-800" lang="en">
          {reply.bodyEn}
        </dd>
        <dt className="font-medium text-slate-600">{t('chats.canned.bodyEs')}</dt>
        <dd className="whitespace-pre-line text-slate-800" lang="es">
          {reply.bodyEs}
        </dd>
      </dl>
      {confirming ? (
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3">
          <p className="text-sm font-medium text-red-900">{t('chats.canned.confirmDelete', { title: reply.title })}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
              {remove.isPending ? t('common.processing') : t('chats.canned.confirmDeleteYes')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)} disabled={remove.isPending}>
              {t('chats.canned.keep')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={onEdit}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('chats.canned.edit')}
            <span className="sr-only"> {reply.title}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t('chats.canned.delete')}
            <span className="sr-only"> {reply.title}</span>
          </Button>
        </div>
      )}
    </article>
  );
}
