/**
 * /blog/:slug (issue #12): one post in the interface language (or in the language it is written
 * in, said so, when not translated yet), its HTML as the server rendered and sanitized it, and a
 * booking link for the service it is about. An unknown slug shows the not-found message.
 */
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pageTitle } from '@/domain/page-title';
import { NotFoundContent } from '@/web/components/errors/not-found-content';
import { PageHead } from '@/web/components/seo/page-head';
import { Button } from '@/web/components/ui/button';
import { ApiError } from '@/web/lib/api-client';
import { useBlogPost } from '../api/get-blog-post';
import { BookServiceCta } from '../components/book-service-cta';
import { PostMeta } from '../components/post-meta';

export function Component() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'es' ? 'es' : 'en';
  const { slug = '' } = useParams();
  const post = useBlogPost(slug, language);

  if (post.error instanceof ApiError && post.error.status === 404) {
    return <NotFoundContent />;
  }

  const data = post.data;
  const otherLanguage = data ? data.language !== language : false;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to="/blog"
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-800 underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('blog.allPosts')}
      </Link>
      {data ? (
        <>
          <PageHead title={pageTitle(data.title, t)} description={data.description} />
          <article lang={otherLanguage ? data.language : undefined} className="mt-6">
            <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{data.title}</h1>
            <PostMeta post={data} className="mt-3 text-sm text-slate-600" />
            {otherLanguage ? (
              <p lang={language} className="mt-2 text-sm font-medium text-amber-800">
                {t(`blog.writtenIn.${data.language}`)}
              </p>
            ) : null}
            <img src={data.cover.src} alt={data.cover.alt} width={1200} height={630} className="mt-6 aspect-[40/21] w-full rounded-xl bg-brand-50 object-cover" />
            {/* The server rendered this from Markdown with raw HTML escaped (src/server/modules/blog/blog-markdown.ts). */}
            <div className="blog-prose mt-8" dangerouslySetInnerHTML={{ __html: data.html }} />
          </article>
          {data.service ? <BookServiceCta service={data.service} /> : null}
        </>
      ) : post.isError ? (
        <div role="alert" className="mt-6 flex flex-col items-start gap-3 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p>{t('blog.loadError')}</p>
          <Button variant="outline" onClick={() => void post.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <p className="mt-6 min-h-dvh text-slate-600">{t('common.loading')}</p>
      )}
    </div>
  );
}
