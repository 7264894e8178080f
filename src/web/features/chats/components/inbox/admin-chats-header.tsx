/**
 * The admin's chat pieces of the site header, loaded only for admins (header.tsx imports this
 * module lazily, so customers never download it): the "Chats" link with the number of unread
 * customer messages over the open conversations (the badge alone is also in the admin pages'
 * navigation, through components/chat/admin-chats-unread.tsx), a dot on the phone menu's button while any are
 * unread, and the new-message alerts (hooks/use-admin-chat-alerts.ts), mounted once.
 */
import MessagesSquare from 'lucide-react/icons/messages-square';
import { useTranslation } from 'react-i18next';
import { NavLink, type NavLinkProps } from 'react-router';
import { useAdminConversations } from '../../admin-api';
import { ADMIN_CHATS_PATH, useAdminChatAlerts } from '../../hooks/use-admin-chat-alerts';

/** Unread messages over the open conversations (the header's badge). */
export function useAdminUnreadCount(): number {
  const open = useAdminConversations('open');
  return (open.data ?? []).reduce((sum, conversation) => sum + conversation.unreadCount, 0);
}

export function AdminChatsLink({ className, onClick }: { className: NavLinkProps['className']; onClick?: () => void }) {
  const { t } = useTranslation();
  return (
    <NavLink to={ADMIN_CHATS_PATH} className={className} onClick={onClick}>
      <MessagesSquare aria-hidden="true" className="h-4 w-4" />
      {t('chats.header.link')}
      <AdminChatsUnreadBadge />
    </NavLink>
  );
}

/** The unread count as a red pill inside a Chats link (nothing when none): the header's, and the admin pages' navigation's. */
export function AdminChatsUnreadBadge() {
  const { t } = useTranslation();
  const unread = useAdminUnreadCount();
  if (unread === 0) return null;
  return (
    <span data-testid="admin-chats-unread" className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="sr-only">{t('chats.header.unread', { count: unread })}</span>
    </span>
  );
}

/** Renders nothing: hears new customer messages and alerts the admin. */
export function AdminChatAlerts() {
  useAdminChatAlerts({ enabled: true });
  return null;
}

/** A dot on the phone menu's button while customer messages are unread (the link itself is inside the menu). */
export function AdminChatsUnreadDot() {
  const { t } = useTranslation();
  const unread = useAdminUnreadCount();
  if (unread === 0) return null;
  return (
    <span data-testid="admin-chats-unread-dot" className="absolute -top-1 -right-1 h-3 w-3 rounded-full border-2 border-white bg-red-600">
      <span className="sr-only">{t('chats.header.unread', { count: unread })}</span>
    </span>
  );
}
