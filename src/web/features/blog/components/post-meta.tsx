/** When a post was published (and last updated) and how long it takes to read, in the interface language. */
import { useTranslation } from 'react-i18next';
import type { BlogPostSummary } from '@/domain/blog-contract';
import { formatCalendarDate } from '@/domain/format';

export function PostMeta({ post, className = 'text-sm text-slate-600' }: { post: Pick<BlogPostSummary, 'date' | 'updated' | 'readingMinutes'>; className?: string }) {
  const { t, i18n } = useTranslation();
  const long = (day: string) => formatCalendarDate(day, i18n.language, 'long');
  return (
    <p className={className}>
      <time dateTime={post.date}>{t('blog.published', { date: long(post.date) })}</time>
      {post.updated ? (
        <>
          {' · '}
          <time dateTime={post.updated}>{t('blog.updated', { date: long(post.updated) })}</time>
        </>
      ) : null}
      {' · '}
      {t('blog.readingTime', { minutes: post.readingMinutes })}
    </p>
  );
}
