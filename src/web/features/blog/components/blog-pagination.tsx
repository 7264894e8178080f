/** Newer / older pages of the blog list, with "Page 2 of 3". Page 1 is plain /blog. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '@/web/components/ui/button';

const pageHref = (page: number) => (page > 1 ? `/blog?page=${page}` : '/blog');

export function BlogPagination({ page, pageCount }: { page: number; pageCount: number }) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t('blog.pagination.label')} className="mt-10 flex flex-wrap items-center justify-between gap-4">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} rel="prev" className={buttonVariants({ variant: 'outline' })}>
          {t('blog.pagination.newer')}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700" aria-current="page">
        {t('blog.pagination.status', { page, count: pageCount })}
      </p>
      {page < pageCount ? (
        <Link to={pageHref(page + 1)} rel="next" className={buttonVariants({ variant: 'outline' })}>
          {t('blog.pagination.older')}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
