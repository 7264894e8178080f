/**
 * /admin/analytics (issue #11): for a period of Tampa days (today, 7, 30, 90 days or custom,
 * kept in the URL), the admin's reports: bookings and revenue, the booking funnel, contact time
 * against the 5-10 minute promise, chat response times (issue #13), traffic, and Core Web Vitals. Each report loads on its own
 * (its own loading, empty and error state); every table exports as CSV; the charts (recharts)
 * come with this lazily loaded page. Admins only: others see the sign-in prompt or "access denied".
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StaffGate } from '@/web/components/staff/staff-gate';
import { useChatResponseReport } from '../api/get-chat-response-report';
import { useContactReport } from '../api/get-contact-report';
import { useFunnelReport } from '../api/get-funnel-report';
import { useRevenueReport } from '../api/get-revenue-report';
import { useTrafficReport } from '../api/get-traffic-report';
import { useWebVitalsReport } from '../api/get-web-vitals-report';
import { ChatResponseReport, chatResponsesIsEmpty } from '../components/chat-response-report';
import { ContactReport, contactIsEmpty } from '../components/contact-report';
import { FunnelReport, funnelIsEmpty } from '../components/funnel-report';
import { RangePicker } from '../components/range-picker';
import { ReportSection } from '../components/report-section';
import { RevenueReport, revenueIsEmpty } from '../components/revenue-report';
import { TrafficReport, trafficIsEmpty } from '../components/traffic-report';
import { WebVitalsReport, webVitalsIsEmpty } from '../components/web-vitals-report';
import { formatDate } from '../utils/report-format';
import { selectionFrom, selectionParams, type RangeSelection } from '../utils/range-selection';

export function Component() {
  const { t } = useTranslation();
  return (
    <StaffGate role="admin">
      <div className="mx-auto flex w-full max-w-7xl flex-col gap-5 px-4 py-8">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-col gap-1">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('analytics.title')}</h1>
            <p className="max-w-3xl text-slate-700">{t('analytics.intro')}</p>
          </div>
          <Link to="/admin" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            {t('analytics.backToBoard')}
          </Link>
        </div>
        <Reports />
      </div>
    </StaffGate>
  );
}

function Reports() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  // "Today" is read once per visit; the server decides the period's dates with its own clock.
  const [now] = useState(() => new Date());
  const selection = selectionFrom(params, now);
  const choose = (next: RangeSelection) => setParams(selectionParams(next), { replace: true });

  const revenue = useRevenueReport(selection);
  const funnel = useFunnelReport(selection);
  const contact = useContactReport(selection);
  const chats = useChatResponseReport(selection);
  const traffic = useTrafficReport(selection);
  const vitals = useWebVitalsReport(selection);
  const period = revenue.data?.period;

  return (
    <>
      <div className="flex flex-col gap-2">
        <RangePicker value={selection} onChange={choose} now={now} />
        {period ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            {t('analytics.range.showing', { from: formatDate(period.from, i18n.language), to: formatDate(period.to, i18n.language) })}
          </p>
        ) : null}
      </div>
      <ReportSection id="revenue" title={t('analytics.revenue.title')} description={t('analytics.revenue.description')} query={revenue} isEmpty={revenueIsEmpty}>
        {(report) => <RevenueReport report={report} />}
      </ReportSection>
      <div className="grid gap-5 xl:grid-cols-2">
        <ReportSection id="funnel" title={t('analytics.funnel.title')} description={t('analytics.funnel.description')} query={funnel} isEmpty={funnelIsEmpty}>
          {(report) => <FunnelReport report={report} />}
        </ReportSection>
        <ReportSection id="contact" title={t('analytics.contact.title')} description={t('analytics.contact.description')} query={contact} isEmpty={contactIsEmpty}>
          {(report) => <ContactReport report={report} />}
        </ReportSection>
      </div>
      <ReportSection id="chat-responses" title={t('analytics.chats.title')} description={t('analytics.chats.description')} query={chats} isEmpty={chatResponsesIsEmpty}>
        {(report) => <ChatResponseReport report={report} />}
      </ReportSection>
      <ReportSection id="traffic" title={t('analytics.traffic.title')} description={t('analytics.traffic.description')} query={traffic} isEmpty={trafficIsEmpty}>
        {(report) => <TrafficReport report={report} />}
      </ReportSection>
      <ReportSection id="web-vitals" title={t('analytics.vitals.title')} description={t('analytics.vitals.description')} query={vitals} isEmpty={webVitalsIsEmpty}>
        {(report) => <WebVitalsReport report={report} />}
      </ReportSection>
    </>
  );
}
