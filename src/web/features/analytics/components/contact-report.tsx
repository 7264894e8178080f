/** Contact time against the 5-10 minute promise: shares, median and slowest, and the days. */
import { useTranslation } from 'react-i18next';
import type { ContactReport as Report } from '@/domain/analytics-reports';
import { formatCount, formatDate, formatMinutes, formatShare } from '../utils/report-format';
import { DataTable } from './data-table';
import { StatTiles } from './stat-tiles';

export const contactIsEmpty = (r: Report) => r.totals.bookings === 0;

export function ContactReport({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const minutes = (seconds: number | null) => (seconds === null ? '—' : t('analytics.contact.minutes', { value: formatMinutes(seconds, lang) }));
  const { totals } = report;
  return (
    <>
      <StatTiles
        stats={[
          { label: t('analytics.contact.within5'), value: formatShare(totals.shareWithin5, lang), note: `${formatCount(totals.within5, lang)} / ${formatCount(totals.bookings, lang)}` },
          { label: t('analytics.contact.within10'), value: formatShare(totals.shareWithin10, lang), note: `${formatCount(totals.within10, lang)} / ${formatCount(totals.bookings, lang)}` },
          { label: t('analytics.contact.median'), value: minutes(totals.medianSeconds), note: `${t('analytics.contact.worst')}: ${minutes(totals.worstSeconds)}` },
          { label: t('analytics.contact.notContacted'), value: formatCount(totals.notContacted, lang) },
        ]}
      />
      <DataTable
        title={t('analytics.contact.title')}
        period={report.period}
        rows={report.byDay}
        rowKey={(r) => r.date}
        columns={[
          { header: t('analytics.contact.date'), value: (r) => r.date, render: (r) => formatDate(r.date, lang) },
          { header: t('analytics.contact.bookings'), value: (r) => r.bookings, numeric: true },
          { header: t('analytics.contact.contacted'), value: (r) => r.contacted, numeric: true },
          { header: t('analytics.contact.within5'), value: (r) => r.within5, numeric: true },
          { header: t('analytics.contact.within10'), value: (r) => r.within10, numeric: true },
          { header: t('analytics.contact.median'), value: (r) => (r.medianSeconds === null ? null : Math.round(r.medianSeconds)), render: (r) => minutes(r.medianSeconds), numeric: true },
        ]}
      />
    </>
  );
}
