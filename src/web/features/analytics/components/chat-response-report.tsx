/**
 * Chat response times (issue #13): answered waits, the share answered within the promise's
 * upper number (10 minutes), the median response and first-response times, and the days.
 */
import { useTranslation } from 'react-i18next';
import type { ChatResponseReport as Report } from '@/domain/analytics-reports';
import { formatCount, formatDate, formatMinutes, formatShare } from '../utils/report-format';
import { DataTable } from './data-table';
import { StatTiles } from './stat-tiles';

/** Nothing to show: no conversation had a message in the period and no wait was answered. */
export const chatResponsesIsEmpty = (r: Report) => r.totals.conversations === 0 && r.totals.answered === 0;

export function ChatResponseReport({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const minutes = (seconds: number | null) => (seconds === null ? '—' : t('analytics.chats.minutes', { value: formatMinutes(seconds, lang) }));
  const { totals } = report;
  const within = t('analytics.chats.within', { minutes: report.withinMinutes });
  return (
    <>
      <StatTiles
        stats={[
          { label: t('analytics.chats.answered'), value: formatCount(totals.answered, lang), note: t('analytics.chats.conversations', { count: totals.conversations, formatted: formatCount(totals.conversations, lang) }) },
          { label: within, value: formatShare(totals.shareWithin, lang), note: `${formatCount(totals.within, lang)} / ${formatCount(totals.answered, lang)}` },
          { label: t('analytics.chats.medianFirst'), value: minutes(totals.medianFirstSeconds) },
          { label: t('analytics.chats.median'), value: minutes(totals.medianSeconds) },
        ]}
      />
      <DataTable
        title={t('analytics.chats.title')}
        period={report.period}
        rows={report.byDay}
        rowKey={(r) => r.date}
        columns={[
          { header: t('analytics.chats.date'), value: (r) => r.date, render: (r) => formatDate(r.date, lang) },
          { header: t('analytics.chats.answered'), value: (r) => r.answered, numeric: true },
          { header: within, value: (r) => r.within, numeric: true },
          { header: t('analytics.chats.median'), value: (r) => (r.medianSeconds === null ? null : Math.round(r.medianSeconds)), render: (r) => minutes(r.medianSeconds), numeric: true },
        ]}
      />
    </>
  );
}
