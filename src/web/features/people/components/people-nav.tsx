/** The admin pages' links (board, workers, users, applications), shown under each people page's title. */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/web/lib/cn';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
    isActive && 'bg-brand-50 text-brand-800',
  );

export function PeopleNav() {
  const { t } = useTranslation();
  const links = [
    { to: '/admin', label: t('people.nav.board'), end: true },
    { to: '/admin/workers', label: t('people.nav.workers') },
    { to: '/admin/users', label: t('people.nav.users') },
    { to: '/admin/worker-applications', label: t('people.nav.applications') },
  ];
  return (
    <nav aria-label={t('people.nav.label')}>
      <ul className="flex flex-wrap gap-1">
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className={linkClass}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
