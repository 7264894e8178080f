/**
 * The frame of a policy page (/cancellations, /refunds): the title, a short summary, the
 * sections, and how to reach support. Reads like a document: one column, comfortable line
 * length, headings in order.
 */
import Mail from 'lucide-react/icons/mail';
import Phone from 'lucide-react/icons/phone';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPhoneForDisplay, telHref, useSupportContacts } from '@/web/lib/public-settings';

const linkClass =
  'inline-flex items-center gap-2 rounded-sm font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600';

export function PolicyPage({ title, summary, children }: { title: string; summary: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { phone, email } = useSupportContacts();
  return (
    <article aria-labelledby="policy-title" className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <header className="space-y-3">
        <h1 id="policy-title" className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {title}
        </h1>
        <p className="text-lg text-slate-700">{summary}</p>
      </header>
      {children}
      <PolicySection title={t('policies.contact.title')}>
        <p>{t('policies.contact.body')}</p>
        <ul className="space-y-2">
          <li>
            <a href={telHref(phone)} className={linkClass}>
              <Phone aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span>
                <span className="sr-only">{t('footer.phone')}: </span>
                {formatPhoneForDisplay(phone)}
              </span>
            </a>
          </li>
          <li>
            <a href={`mailto:${email}`} className={`${linkClass} break-all`}>
              <Mail aria-hidden="true" className="h-4 w-4 shrink-0" />
              <span>
                <span className="sr-only">{t('footer.email')}: </span>
                {email}
              </span>
            </a>
          </li>
        </ul>
      </PolicySection>
    </article>
  );
}

export function PolicySection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 text-slate-800">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

/** A policy's rules as a list, each item a rule in one or two sentences. */
export function PolicyList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-brand-600">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}

export const policyLinkClass = linkClass;
