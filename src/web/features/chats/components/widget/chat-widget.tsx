/**
 * The chat widget on every customer-facing page (issue #13): a floating "Chat with us" button
 * (bottom right, with the unread count) that opens the chat panel, full screen on phones. Not on
 * the staff pages (/admin/*, /worker/*), not in the worker app (issue #15: its home is the staff
 * login) and not for staff accounts, who answer chats in the inbox. Mounted once by the root layout.
 *
 * Anything may open it through lib/chat-widget.ts (`useChatWidget().open({ bookingId })`: the
 * header's Messages button, My Bookings' "Message us about this booking"), and so does a link
 * with `?chat=open` (the offline emails link there; the parameter is removed once read).
 * Escape or the close button closes the panel and puts focus back on the button. The panel and
 * the conversation view load on first open, and the unread count (chat-unread.tsx: the live
 * stream, the chats API) only for someone who can have messages, so the button adds little to a
 * page's load.
 */
import MessageCircle from 'lucide-react/icons/message-circle';
import X from 'lucide-react/icons/x';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useAppTable } from '@/web/lib/app-routes';
import { isStaffRole, useMe } from '@/web/lib/auth';
import { closeChatWidget, openChatWidget, reportChatWidget, useChatWidget } from '@/web/lib/chat-widget';
import { cn } from '@/web/lib/cn';
import { loadRouteMessages } from '@/web/lib/i18n';
import { mayHaveGuestConversation } from '../../guest-mark';
import { PanelFrame, PanelLoading } from './panel-frame';

// The panel's forms and messages read the app's words (validation, account: lib/i18n.ts `app`), loaded with it.
const ChatPanelContent = lazy(() => Promise.all([import('./chat-panel'), loadRouteMessages('app')]).then(([module]) => ({ default: module.ChatPanelContent })));
// The unread count, with the live stream and the chats API, only for someone who can have messages.
const ChatUnread = lazy(() => import('./chat-unread').then((module) => ({ default: module.ChatUnread })));

const STAFF_PAGES = /^\/(admin|worker)(\/|$)/;

export function ChatWidget() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const me = useMe();
  const { appType } = useAppTable();
  const widget = useChatWidget();
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);

  const signedIn = Boolean(me.data?.user);
  const available = appType !== 'worker' && !STAFF_PAGES.test(pathname) && !me.isPending && !isStaffRole(me.data?.role);
  const [unreadCount, setUnreadCount] = useState(0);
  // Read on every render, as before: the mark appears when a guest starts a conversation in the panel.
  const mayHaveMessages = signedIn || mayHaveGuestConversation();

  useEffect(() => {
    reportChatWidget({ available, unreadCount });
  }, [available, unreadCount]);
  useEffect(() => () => reportChatWidget({ available: false, unreadCount: 0 }), []);

  const wantsOpen = searchParams.get('chat') === 'open';
  useEffect(() => {
    if (!wantsOpen || !available) return;
    openChatWidget();
    setSearchParams(
      (params) => {
        params.delete('chat');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [wantsOpen, available, setSearchParams]);

  const close = useCallback(() => {
    closeChatWidget();
    button.current?.focus();
  }, []);

  if (!available) return null;
  const open = widget.isOpen;

  return (
    <>
      {mayHaveMessages ? (
        <Suspense fallback={null}>
          <ChatUnread signedIn={signedIn} onCount={setUnreadCount} />
        </Suspense>
      ) : null}
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => (open ? close() : openChatWidget())}
        className={cn(
          'fixed bottom-4 right-4 z-40 inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2',
          'pb-[env(safe-area-inset-bottom)]',
          open && 'max-sm:hidden',
        )}
      >
        {open ? <X aria-hidden="true" className="h-6 w-6" /> : <MessageCircle aria-hidden="true" className="h-6 w-6" />}
        <span className="sr-only">{open ? t('chats.widget.close') : t('chats.widget.open')}</span>
        {unreadCount > 0 ? (
          <span className="absolute -right-1 -top-1 inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-6 text-white ring-2 ring-white">
            <span aria-hidden="true">{unreadCount > 99 ? '99+' : unreadCount}</span>
            <span className="sr-only">{t('chats.widget.unread', { count: unreadCount })}</span>
          </span>
        ) : null}
      </button>
      {open ? (
        <PanelFrame id={panelId} onClose={close}>
          <Suspense fallback={<PanelLoading />}>
            <ChatPanelContent request={widget.request} signedIn={signedIn} />
          </Suspense>
        </PanelFrame>
      ) : null}
    </>
  );
}
