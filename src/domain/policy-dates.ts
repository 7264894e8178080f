/**
 * When the text of each public page (/about, /terms, /privacy, /refunds, /cancellations) last
 * changed, as a Tampa calendar day ('YYYY-MM-DD'): shown as the page's "Last updated" date, and
 * fit for a sitemap's lastmod. Change a page's date whenever its wording changes; numbers that
 * come from the settings (prices, tax, the policy's hours) do not count as a change of text.
 */
import type { PolicyPage } from './site-pages';

export const POLICY_LAST_UPDATED: Readonly<Record<PolicyPage, string>> = {
  about: '2026-11-23',
  terms: '2026-11-23',
  privacy: '2026-11-23',
  refunds: '2026-11-23',
  cancellations: '2026-11-23',
};
