/**
 * The <title> of an app page (sign-in, accounts, the staff areas: pages kept out of search
 * results), taken from its route's `handle.title` message key (src/web/app/page-routes.tsx), e.g.
 * "Error Dashboard | Tampa Same-Day Handyman". Public pages set their own title and description
 * with PageHead; a route without the handle renders nothing here, so a document never has two
 * titles (issue #12; a page without a title fails WCAG 2.4.2).
 */
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { pageTitle } from '@/domain/page-title';
import { PageHead } from './page-head';

/** A route's `handle` for an app page: the message key of its name. */
export interface AppPageHandle {
  title: string;
}

const isAppPage = (handle: unknown): handle is AppPageHandle => typeof handle === 'object' && handle !== null && typeof (handle as AppPageHandle).title === 'string';

export function AppPageHead() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle;
  if (!isAppPage(handle)) return null;
  return <PageHead title={pageTitle(t(handle.title), t)} noindex />;
}
