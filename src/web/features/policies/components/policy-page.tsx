/**
 * The one layout of the public pages (/about, /terms, /privacy, /refunds, /cancellations): the
 * title (the page's only h1), a short summary and the "last updated" date, the sections (h2),
 * how to reach support, and links to the other pages. Reads like a document on a phone as on a
 * desk: one column, comfortable line length, headings in order.
 */
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCalendarDate } from '@/domain/format';
import { POLICY_LAST_UPDATED } from '@/domain/policy-dates';
import type { PolicyPage as PolicyPageName } from '@/domain/site-pages';
import { pageTitle } from '@/domain/page-title';
import { PageHead } from '@/web/components/seo/page-head';
import { formatPhoneForDisplay, telHref, useSupportContacts } from '@/web/lib/public-settings';

export const policyLinkClass =
  'inline-flex items-center gap-2 rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

/** The public pages in the order the "more about us" links list them, with their names from the footer. */
const PAGES: { page: PolicyPageName; name: string }[] = [
  { page: 'about', name: 'footer.about' },
  { page: 'terms', name: 'footer.terms' },
  { page: 'privacy', name: 'footer.privacy' },
  { page: 'refunds', name: 'footer.refunds' },
  { page: 'cancellations', name: 'footer.cancellations' },
];

/**
 * @param page which page this is: its "last updated" date (src/domain/policy-dates.ts), and
 *   left out of the links to the others
 */
export function PolicyPage({ page, title, summary, children }: { page: PolicyPageName; title: string; summary: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { phone, email } = useSupportContacts();
  const lastUpdated = POLICY_LAST_UPDATED[page];
  return (
    <article aria-labelledby="policy-title" className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-8 break-words sm:py-10">
      <PageHead title={pageTitle(t(`publicPages.${page}.title`), t)} description={t(`publicPages.${page}.description`)} />
      <header className="space-y-3">
        <h1 id="policy-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h1>
        <p className="text-lg text-slate-700">{summary}</p>
        <p className="text-sm text-slate-600">
          {t('publicPages.layout.lastUpdated')} <time dateTime={lastUpdated}>{formatCalendarDate(lastUpdated, i18n.language, 'long')}</time>
        </p>
      </header>
      {children}
      <PolicySection title={t('publicPages.layout.contactTitle')}>
        <p>{t('publicPages.layout.contactBody')}</p>
        <ul className="space-y-2">
          <li>
            <a href={telHref(phone)} className={policyLinkClass}>
              <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span>
                <span className="sr-only">{t('footer.phone')}: </span>
                {formatPhoneForDisplay(phone)}
              </span>
            </a>
          </li>
          <li>
            <a href={`mailto:${email}`} className={`${policyLinkClass} break-all`}>
              <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span>
                <span className="sr-only">{t('footer.email')}: </span>
                {email}
              </span>
            </a>
          </li>
        </ul>
      </PolicySection>
      <nav aria-label={t('publicPages.layout.related')} className="border-t border-slate-200 pt-6">
        <ul className="flex flex-wrap gap-x-6 gap-y-3">
          {PAGES.filter((other) => other.page !== page).map((other) => (
            <li key={other.page}>
              <Link to={`/${other.page}`} className={policyLinkClass}>
                {t(other.name)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}

/** One part of a page: an h2 and its text. */
export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-slate-800">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** A page's rules or facts as a list, each item one or two sentences. */
export function PolicyList({ items, ordered = false }: { items: ReactNode[]; ordered?: boolean }) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className={`${ordered ? 'list-decimal' : 'list-disc'} space-y-2 pl-5 marker:text-brand-700`}>
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </List>
  );
}
