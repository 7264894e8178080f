/** The worker's pages as big tabs under the title: my day, availability, settings. */
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/web/lib/cn';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'inline-flex min-h-12 flex-1 items-center justify-center rounded-md px-2 text-center text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
    isActive ? 'bg-brand-600 text-white' : 'text-slate-800 hover:bg-slate-100',
  );

export function WorkerNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('worker.nav.label')} className="rounded-lg border border-slate-200 bg-white p-1">
      <ul className="flex gap-1">
        <li className="flex flex-1">
          <NavLink to="/worker" end className={linkClass}>
            {t('worker.nav.day')}
          </NavLink>
        </li>
        <li className="flex flex-1">
          <NavLink to="/worker/availability" className={linkClass}>
            {t('worker.nav.availability')}
          </NavLink>
        </li>
        <li className="flex flex-1">
          <NavLink to="/worker/settings" className={linkClass}>
            {t('worker.nav.settings')}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}
