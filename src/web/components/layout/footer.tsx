/**
 * The site footer: policy and company links (the public routes of spec section 2), the
 * support phone and email from the public settings, and a small Team sign-in link to
 * /admin/login for staff. Issue #15: only links to routes of the running app's table
 * (lib/app-routes.ts); Team sign-in shows where the app has the staff login and it is not
 * already the app's home (the worker app), so never in the customer app.
 */
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppTable } from '@/web/lib/app-routes';
import { formatPhoneForDisplay, telHref, useSupportContacts } from '@/web/lib/public-settings';

const FOOTER_LINKS = [
  { to: '/terms', key: 'footer.terms' },
  { to: '/privacy', key: 'footer.privacy' },
  { to: '/refunds', key: 'footer.refunds' },
  { to: '/cancellations', key: 'footer.cancellations' },
  { to: '/about', key: 'footer.about' },
  { to: '/blog', key: 'footer.blog' },
] as const;

const linkClass =
  'rounded-sm text-slate-700 underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

export function Footer() {
  const { t } = useTranslation();
  const { phone, email } = useSupportContacts();
  const routes = useAppTable();
  const teamSignIn = routes.has('/admin/login') && routes.appType !== 'worker';
  return (
    <footer className="mt-12 border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 text-sm sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <h2 className="text-base font-semibold text-slate-900">{t('footer.support')}</h2>
          <p className="text-slate-700">{t('footer.serviceArea')}</p>
          <a href={telHref(phone)} className={`inline-flex items-center gap-2 self-start ${linkClass}`}>
            <Phone aria-hidden="true" className="h-4 w-4" />
            <span>
              <span className="sr-only">{t('footer.phone')}: </span>
              {formatPhoneForDisplay(phone)}
            </span>
          </a>
          <a href={`mailto:${email}`} className={`inline-flex items-center gap-2 self-start break-all ${linkClass}`}>
            <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span>
              <span className="sr-only">{t('footer.email')}: </span>
              {email}
            </span>
          </a>
        </div>
        <nav aria-label={t('footer.nav')}>
          <ul className="grid grid-cols-2 gap-x-4 gap-y-2">
            {FOOTER_LINKS.filter((link) => routes.has(link.to)).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {t(link.key)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 border-t border-slate-100 px-4 py-4 text-xs text-slate-600">
        <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        {/* Issue #14: staff (admins and workers) sign in here. */}
        {teamSignIn ? (
          <Link to="/admin/login" className={linkClass}>
            {t('footer.teamSignIn')}
          </Link>
        ) : null}
      </div>
    </footer>
  );
}
