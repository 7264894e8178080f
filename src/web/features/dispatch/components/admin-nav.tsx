/**
 * The admin pages, as a row of links under the page title: the board, workers, the chats inbox
 * (with the unread count), users, worker applications, analytics, the error dashboard and the
 * business settings.
 */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { AdminChatsUnread } from '@/web/components/chat/admin-chats-unread';
import { cn } from '@/web/lib/cn';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
    isActive && 'bg-brand-50 text-brand-800',
  );

export function AdminNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('dispatch.nav.label')}>
      <ul className="flex flex-wrap gap-1">
        <li>
          <NavLink to="/admin" end className={linkClass}>
            {t('dispatch.nav.board')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/calendar" className={linkClass}>
            {t('dispatch.nav.calendar')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/workers" className={linkClass}>
            {t('dispatch.nav.workers')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/chats" className={(state) => cn(linkClass(state), 'gap-1.5')}>
            {t('dispatch.nav.chats')}
            <AdminChatsUnread />
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/users" className={linkClass}>
            {t('people.nav.users')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/worker-applications" className={linkClass}>
            {t('people.nav.applications')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/analytics" className={linkClass}>
            {t('dispatch.nav.analytics')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/errors" className={linkClass}>
            {t('dispatch.nav.errors')}
          </NavLink>
        </li>
        <li>
          <NavLink to="/admin/settings" className={linkClass}>
            {t('dispatch.nav.settings')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
