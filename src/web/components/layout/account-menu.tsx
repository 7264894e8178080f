/**
 * The header's account menu for a signed-in user (issue #14), from the `lg` breakpoint: a button
 * with their name that opens Settings, My Bookings, their staff area (admins, workers) and Sign
 * Out. A chunk of its own (Radix), loaded only once someone is signed in; below `lg` the phone
 * menu lists the same places (header.tsx). Only places the running app serves (issue #15).
 */
import Briefcase from 'lucide-react/icons/briefcase';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import ChevronDown from 'lucide-react/icons/chevron-down';
import CircleUser from 'lucide-react/icons/circle-user';
import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LogOut from 'lucide-react/icons/log-out';
import Settings from 'lucide-react/icons/settings';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Me } from '@/domain/account';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '@/web/components/ui/dropdown-menu';
import { useAppTable } from '@/web/lib/app-routes';
import { accountLinks, displayName, useSignOut } from './account';

const ICONS: Record<string, typeof Settings> = { '/settings': Settings, '/my-bookings': CalendarCheck, '/admin': LayoutDashboard, '/worker': Briefcase };

export function AccountMenu({ me, className }: { me: Me; className?: string }) {
  const { t } = useTranslation();
  const { signOut } = useSignOut();
  const routes = useAppTable();
  const name = displayName(me);
  return (
    // Not modal: the page stays in the accessibility tree (axe flags focusable controls under the
    // modal mode's aria-hidden), and Tab or a click outside simply closes the menu.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={className}>
        <CircleUser aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span aria-hidden="true" className="max-w-40 truncate">
          {name}
        </span>
        <span className="sr-only">{t('header.account.menuFor', { name })}</span>
        <ChevronDown aria-hidden="true" className="h-4 w-4 shrink-0" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>
          <span className="block truncate font-semibold">{name}</span>
          {me.user?.email && me.user.email !== name ? <span className="block truncate text-xs font-normal text-slate-600">{me.user.email}</span> : null}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(me.role, routes.has).map((link) => {
          const Icon = ICONS[link.to] ?? Settings;
          return (
            <DropdownMenuItem key={link.to} asChild>
              <Link to={link.to}>
                <Icon aria-hidden="true" className="h-4 w-4" />
                {t(link.label)}
              </Link>
            </DropdownMenuItem>
          );
        })}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" className="h-4 w-4" />
          {t('header.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
