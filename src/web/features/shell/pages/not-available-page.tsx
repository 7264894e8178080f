/**
 * Stand-in for the routes that later issues build (policies, blog, admin, worker, settings):
 * says plainly that the page is not available yet, instead of a blank or broken screen.
 */
import Wrench from 'lucide-react/icons/wrench';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';

export function Component() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="not-available-title" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <Wrench aria-hidden="true" className="h-12 w-12 text-brand-600" />
      <h1 id="not-available-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('notAvailable.title')}
      </h1>
      <p className="text-slate-700">{t('notAvailable.body')}</p>
      <Link to="/" className={buttonVariants({ size: 'lg' })}>
        {t('notAvailable.home')}
      </Link>
    </section>
  );
}
