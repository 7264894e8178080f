/**
 * /admin/chats (issue #13, admins only; everyone else is asked to sign in or told access is
 * denied): the inbox of customer conversations with the open one beside it, the alert switches
 * (sound, desktop notifications) and the canned replies admins insert into their answers.
 */
import MessageSquareText from 'lucide-react/icons/message-square-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StaffGate } from '@/web/components/staff/staff-gate';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/cn';
import { CannedRepliesDialog } from '../components/canned-replies/canned-replies-dialog';
import { AdminInbox, useInboxLocation } from '../components/inbox/admin-inbox';
import { AlertControls } from '../components/inbox/alert-controls';

export function Component() {
  return (
    <StaffGate role="admin">
      <AdminChatsPage />
    </StaffGate>
  );
}

function AdminChatsPage() {
  const { t } = useTranslation();
  const { selectedId } = useInboxLocation();
  const [managing, setManaging] = useState(false);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-4 px-3 py-4 sm:px-4 md:py-6">
      {/* On phones an open conversation fills the screen; its Back link returns to this. */}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className={cn('text-2xl font-bold text-slate-900 sm:text-3xl', selectedId && 'sr-only md:not-sr-only')}>{t('chats.inbox.title')}</h1>
        <div className={cn('flex flex-wrap items-center gap-2', selectedId && 'hidden md:flex')}>
          <AlertControls />
          <Button variant="outline" onClick={() => setManaging(true)}>
            <MessageSquareText aria-hidden="true" className="h-4 w-4" />
            {t('chats.canned.manage')}
          </Button>
        </div>
      </div>
      <AdminInbox />
      {managing ? <CannedRepliesDialog onClose={() => setManaging(false)} /> : null}
    </div>
  );
}
