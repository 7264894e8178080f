/**
 * The not-found message of spec section 2: "404", "Oops! Page not found" and a return-to-home
 * link. Shared by the catch-all route and the error screen (a 404 thrown by a route).
 * `reloadHome` uses a plain link, for the error screen where the app may be in a broken state.
 * The page's title says "Page Not Found" and asks search engines to leave it out (issue #12).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageTitle } from '@/domain/page-title';
import { PageHead } from '@/web/components/seo/page-head';
import { buttonVariants } from '@/web/components/ui/button';

export function NotFoundContent({ reloadHome = false }: { reloadHome?: boolean }) {
  const { t } = useTranslation();
  const homeClass = buttonVariants({ size: 'lg' });
  return (
    <section aria-labelledby="not-found-title" className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <PageHead title={pageTitle(t('seo.notFound.title'), t)} description={t('notFound.body')} noindex />
      <p aria-hidden="true" className="text-7xl font-extrabold tracking-tight text-brand-700">
        {t('notFound.code')}
      </p>
      <h1 id="not-found-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
        <span className="sr-only">{t('notFound.code')} </span>
        {t('notFound.title')}
      </h1>
      <p className="text-slate-700">{t('notFound.body')}</p>
      {reloadHome ? (
        <a href="/" className={homeClass}>
          {t('notFound.home')}
        </a>
      ) : (
        <Link to="/" className={homeClass}>
          {t('notFound.home')}
        </Link>
      )}
    </section>
  );
}
