/**
 * The admin's unread chat count as a badge for a "Chats" link outside the header (the admin pages'
 * navigation). The chats feature owns it (features/chats/components/inbox/admin-chats-header.tsx,
 * the same chunk the header loads for admins); this wrapper loads it on demand, so other features
 * reach it without importing the chats feature. Nothing shows while loading or when none are unread.
 */
import { lazy, Suspense } from 'react';

const LazyUnreadBadge = lazy(() => import('@/web/features/chats/components/inbox/admin-chats-header').then((module) => ({ default: module.AdminChatsUnreadBadge })));

export function AdminChatsUnread() {
  return (
    <Suspense fallback={null}>
      <LazyUnreadBadge />
    </Suspense>
  );
}
