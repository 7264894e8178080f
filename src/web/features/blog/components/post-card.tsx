/**
 * One post in the blog list: cover picture, title (the link to the post), date and reading time,
 * and the description. A post shown in its other language (not translated yet) says so and
 * carries its own `lang`, so screen readers pronounce it right. `first`: the list's first card,
 * whose picture is on a phone's first screen (the page's largest paint), so it is fetched at once
 * and ahead of the app's code; the others wait until they are scrolled near (issue #16: under
 * slow-4G throttling the lazy first picture put /blog's largest paint at 2.7 s).
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BlogPostSummary } from '@/domain/blog-contract';
import { PostMeta } from './post-meta';

export function PostCard({ post, first = false }: { post: BlogPostSummary; first?: boolean }) {
  const { t, i18n } = useTranslation();
  const otherLanguage = post.language !== i18n.language;
  return (
    <article lang={otherLanguage ? post.language : undefined} className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <img
        src={post.cover.src}
        alt=""
        width={1200}
        height={630}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'auto'}
        decoding="async"
        className="aspect-[40/21] w-full bg-brand-50 object-cover"
      />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h2 className="text-xl font-semibold text-slate-900">
          <Link
            to={`/blog/${post.slug}`}
            className="rounded-sm underline-offset-4 hover:text-brand-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {post.title}
          </Link>
        </h2>
        <PostMeta post={post} />
        {otherLanguage ? (
          <p lang={i18n.language} className="text-sm font-medium text-amber-800">
            {t(`blog.writtenIn.${post.language}`)}
          </p>
        ) : null}
        <p className="text-slate-700">{post.description}</p>
      </div>
    </article>
  );
}
