/**
 * The site header (spec section 2): brand link home, Call Now, Chats with its unread count
 * (admins only; admins also get new-message alerts there) or a customer's Messages, and the
 * language switch. Signed out: My Bookings and Sign In. Signed in: the account menu (issue #14)
 * with the user's name: Settings, My Bookings, the staff area (Admin Dashboard, My Jobs), Sign Out. From the `lg` breakpoint the items sit in one row; below it, Call Now stays visible and the rest fold into a menu button, so a
 * 360 px phone never scrolls sideways. The menu closes on navigation and on Escape.
 *
 * Issue #15: every link is to a route of the running app's table (lib/app-routes.ts): the customer
 * app has no staff links, the worker app no customer ones (My Bookings, Settings) and its Sign In
 * is the staff login. Tap targets are at least 44 px high.
 */
import ChevronDown from 'lucide-react/icons/chevron-down';
import CircleUser from 'lucide-react/icons/circle-user';
import LogIn from 'lucide-react/icons/log-in';
import LogOut from 'lucide-react/icons/log-out';
import Menu from 'lucide-react/icons/menu';
import MessageCircle from 'lucide-react/icons/message-circle';
import Phone from 'lucide-react/icons/phone';
import Wrench from 'lucide-react/icons/wrench';
import X from 'lucide-react/icons/x';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import type { Me } from '@/domain/account';
import { useAppTable } from '@/web/lib/app-routes';
import { useMe } from '@/web/lib/auth';
import { useChatWidget } from '@/web/lib/chat-widget';
import { cn } from '@/web/lib/cn';
import { loadRouteMessages } from '@/web/lib/i18n';
import { formatPhoneForDisplay, telHref, useSupportContacts } from '@/web/lib/public-settings';
import { accountLinks, displayName, useSignOut } from './account';
import { LanguageSwitch } from './language-switch';

// The admin's Chats link (with the unread count) and new-message alerts: a chunk only admins load.
// With the app's words (lib/i18n.ts), which the public pages do not load.
const adminChats = () => Promise.all([import('@/web/features/chats/components/inbox/admin-chats-header'), loadRouteMessages('app')]).then(([module]) => module);
const AdminChatsLink = lazy(() => adminChats().then((module) => ({ default: module.AdminChatsLink })));
const AdminChatAlerts = lazy(() => adminChats().then((module) => ({ default: module.AdminChatAlerts })));
const AdminChatsUnreadDot = lazy(() => adminChats().then((module) => ({ default: module.AdminChatsUnreadDot })));
// The account menu (Radix): a chunk only signed-in users load.
const AccountMenu = lazy(() => import('./account-menu').then((module) => ({ default: module.AccountMenu })));

const focusRing = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2';

export function Header() {
  const { t } = useTranslation();
  const location = useLocation();
  const menuId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  // The menu is open for one location only, so any navigation closes it.
  const [openAtKey, setOpenAtKey] = useState<string | null>(null);
  const menuOpen = openAtKey === location.key;
  const { phone } = useSupportContacts();
  const isAdmin = useMe().data?.role === 'admin';

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && menuOpen) {
      setOpenAtKey(null);
      menuButton.current?.focus();
    }
  };

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur" onKeyDown={closeOnEscape}>
      {isAdmin ? (
        <Suspense fallback={null}>
          <AdminChatAlerts />
        </Suspense>
      ) : null}
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-4">
        <Link to="/" className={cn('flex min-w-0 items-center gap-2 rounded-md font-bold text-slate-900', focusRing)}>
          <Wrench aria-hidden="true" className="hidden h-6 w-6 shrink-0 text-brand-600 min-[380px]:block" />
          <span className="truncate sm:hidden">{t('header.brandShort')}</span>
          <span className="hidden truncate sm:inline">{t('header.brand')}</span>
        </Link>

        <div className="flex shrink-0 items-center gap-2">
          <a
            href={telHref(phone)}
            title={formatPhoneForDisplay(phone)}
            className={cn(
              'inline-flex h-11 items-center gap-1.5 rounded-md bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700',
              focusRing,
            )}
          >
            <Phone aria-hidden="true" className="h-4 w-4" />
            <span>{t('header.callNow')}</span>
            <span className="sr-only">{formatPhoneForDisplay(phone)}</span>
          </a>

          <nav aria-label={t('header.mainNav')} className="hidden items-center gap-1 lg:flex">
            <HeaderNavItems layout="row" />
          </nav>
          <LanguageSwitch className="hidden lg:inline-flex" />

          <button
            ref={menuButton}
            type="button"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setOpenAtKey(menuOpen ? null : location.key)}
            className={cn('relative inline-flex h-11 w-11 items-center justify-center rounded-md border border-slate-300 text-slate-800 hover:bg-slate-100 lg:hidden', focusRing)}
          >
            {menuOpen ? <X aria-hidden="true" className="h-5 w-5" /> : <Menu aria-hidden="true" className="h-5 w-5" />}
            <span className="sr-only">{menuOpen ? t('header.closeMenu') : t('header.openMenu')}</span>
            {isAdmin && !menuOpen ? (
              <Suspense fallback={null}>
                <AdminChatsUnreadDot />
              </Suspense>
            ) : null}
          </button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-slate-200 bg-white lg:hidden">
        {menuOpen ? (
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-3 py-3 sm:px-4">
            <nav aria-label={t('header.mainNav')}>
              <HeaderNavItems layout="column" onNavigate={() => setOpenAtKey(null)} />
            </nav>
            <PhoneAccountItems onNavigate={() => setOpenAtKey(null)} />
            <LanguageSwitch className="self-start" />
          </div>
        ) : null}
      </div>
    </header>
  );
}

/**
 * The row (from `lg`) or the phone menu's main list: signed out, My Bookings and Sign In; signed
 * in, Chats (admins) or Messages (customers), and in the row the account menu.
 */
function HeaderNavItems({ layout, onNavigate }: { layout: 'row' | 'column'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { data: me, isPending } = useMe();
  const routes = useAppTable();
  const signedIn = Boolean(me?.user);

  const itemClass = cn(
    'inline-flex min-h-11 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100',
    focusRing,
    layout === 'column' && 'w-full',
  );
  const linkClass = ({ isActive }: { isActive: boolean }) => cn(itemClass, isActive && 'bg-brand-50 text-brand-800');

  return (
    <ul className={cn('flex', layout === 'row' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {!isPending && !signedIn && routes.has('/my-bookings') ? (
        <li>
          <NavLink to="/my-bookings" className={linkClass} onClick={onNavigate}>
            {t('header.myBookings')}
          </NavLink>
        </li>
      ) : null}
      {me?.role === 'admin' && routes.has('/admin/chats') ? (
        <li>
          <Suspense fallback={null}>
            <AdminChatsLink className={linkClass} onClick={onNavigate} />
          </Suspense>
        </li>
      ) : me?.role === 'user' ? (
        <CustomerMessagesItem className={itemClass} onOpen={onNavigate} />
      ) : null}
      {isPending ? null : me && signedIn ? (
        layout === 'row' ? (
          <li>
            <Suspense fallback={<AccountMenuPlaceholder me={me} className={itemClass} />}>
              <AccountMenu me={me} className={cn(itemClass, 'data-[state=open]:bg-slate-100')} />
            </Suspense>
          </li>
        ) : null
      ) : (
        <li>
          <NavLink to={routes.signInPath} className={linkClass} onClick={onNavigate}>
            <LogIn aria-hidden="true" className="h-4 w-4" />
            {t('header.signIn')}
          </NavLink>
        </li>
      )}
    </ul>
  );
}

/** The account menu's look while its chunk loads: not yet usable. */
function AccountMenuPlaceholder({ me, className }: { me: Me; className: string }) {
  return (
    <span aria-hidden="true" className={cn(className, 'pointer-events-none')}>
      <CircleUser className="h-4 w-4 shrink-0" />
      <span className="max-w-40 truncate">{displayName(me)}</span>
      <ChevronDown className="h-4 w-4 shrink-0" />
    </span>
  );
}

/**
 * The account menu's places inside the phone menu (below `lg`), under the user's name:
 * Settings, My Bookings, the staff area, Sign Out.
 */
function PhoneAccountItems({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const headingId = useId();
  const { signOut, signingOut } = useSignOut(onNavigate);
  const routes = useAppTable();
  if (!me?.user) return null;

  const itemClass = cn('inline-flex min-h-11 w-full items-center gap-1.5 rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100', focusRing);
  const linkClass = ({ isActive }: { isActive: boolean }) => cn(itemClass, isActive && 'bg-brand-50 text-brand-800');
  return (
    <nav aria-labelledby={headingId} className="border-t border-slate-200 pt-3">
      <p id={headingId} className="flex items-center gap-1.5 px-3 pb-1 text-sm font-semibold text-slate-900">
        <CircleUser aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span className="sr-only">{t('header.account.menuFor', { name: displayName(me) })}</span>
        <span aria-hidden="true" className="truncate">
          {displayName(me)}
        </span>
      </p>
      <ul className="flex flex-col gap-1">
        {accountLinks(me.role, routes.has).map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={linkClass} onClick={onNavigate}>
              {t(link.label)}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className={itemClass} onClick={() => void signOut()} disabled={signingOut} aria-busy={signingOut}>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            {signingOut ? t('common.processing') : t('header.signOut')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

/**
 * A customer's Messages button (issue #13): opens the chat widget, with the unread count the
 * widget reports (lib/chat-widget.ts). Only where the widget is on the page.
 */
function CustomerMessagesItem({ className, onOpen }: { className: string; onOpen?: () => void }) {
  const { t } = useTranslation();
  const widget = useChatWidget();
  if (!widget.available) return null;
  return (
    <li>
      <button
        type="button"
        className={className}
        onClick={() => {
          onOpen?.();
          widget.open();
        }}
      >
        <MessageCircle aria-hidden="true" className="h-4 w-4" />
        {t('chats.widget.headerLink')}
        {widget.unreadCount > 0 ? (
          <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-bold leading-5 text-white">
            <span aria-hidden="true">{widget.unreadCount > 99 ? '99+' : widget.unreadCount}</span>
            <span className="sr-only">{t('chats.widget.unread', { count: widget.unreadCount })}</span>
          </span>
        ) : null}
      </button>
    </li>
  );
}
