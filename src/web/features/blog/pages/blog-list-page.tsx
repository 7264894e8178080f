/**
 * /blog (issue #12): the posts in the interface language, newest first, six to a page
 * (`?page=2`), each in its other language when not translated yet. A page past the last shows
 * the not-found message. Title and description are the server's (`blog.head.*`).
 */
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { blogPageOf } from '@/domain/page-texts';
import { pageTitle } from '@/domain/page-title';
import { NotFoundContent } from '@/web/components/errors/not-found-content';
import { PageHead } from '@/web/components/seo/page-head';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api-client';
import { useBlogPosts } from '../api/get-blog-posts';
import { BlogPagination } from '../components/blog-pagination';
import { PostCard } from '../components/post-card';

export function Component() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const [params] = useSearchParams();
  const page = blogPageOf(params.get('page'));
  const posts = useBlogPosts(language, page);

  if (posts.error instanceof ApiError && posts.error.status === 404) {
    return <NotFoundContent />;
  }

  const title = pageTitle(page > 1 ? t('blog.head.pageTitle', { page }) : t('blog.head.title'), t);
  return (
    <section aria-labelledby="blog-title" className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
      <PageHead title={title} description={t('blog.head.description')} />
      <h1 id="blog-title" className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {t('blog.title')}
      </h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">{t('blog.intro')}</p>

      {/* A screen's height while loading keeps the footer below the fold, so the list does not push it (layout shift). */}
      {posts.isPending ? <p className="mt-10 min-h-dvh text-slate-600">{t('common.loading')}</p> : null}
      {posts.isError ? (
        <div role="alert" className="mt-10 flex flex-col items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t('blog.loadError')}</p>
          <Button variant="outline" onClick={() => void posts.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : null}
      {posts.data && posts.data.posts.length === 0 ? <p className="mt-10 text-slate-700">{t('blog.empty')}</p> : null}
      {posts.data && posts.data.posts.length > 0 ? (
        <>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {posts.data.posts.map((post, index) => (
              <li key={post.slug}>
                <PostCard post={post} first={index === 0} />
              </li>
            ))}
          </ul>
          <BlogPagination page={posts.data.page} pageCount={posts.data.pageCount} />
        </>
      ) : null}
    </section>
  );
}
