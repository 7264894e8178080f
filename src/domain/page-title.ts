/**
 * How a page's <title> is written (issue #12), the same on the server's first answer and in the
 * browser: "Name | Tampa Same-Day Handyman" (`seo.titleTemplate`), or the name alone when it
 * already carries the site's name (`seo.siteName`). Kept apart from page-texts.ts so the pages
 * that need only this (the not-found message, on every route) load nothing more.
 */

/** A translator: a message key and its values to the message (i18next's `t`). */
type Translate = (key: string, values?: Record<string, unknown>) => string;

export function pageTitle(name: string, t: Translate): string {
  return name.includes(t('seo.siteName')) ? name : t('seo.titleTemplate', { page: name });
}
