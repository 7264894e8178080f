/** Traffic: page views and visitors, the chart by day, top pages and languages. */
import { useTranslation } from 'react-i18next';
import type { TrafficReport as Report } from '@/domain/analytics-reports';
import { formatCount, formatDate } from '../utils/report-format';
import { DataTable } from './data-table';
import { StatTiles } from './stat-tiles';
import { TrafficChart } from './traffic-chart';

export const trafficIsEmpty = (r: Report) => r.totals.pageViews === 0;

export function TrafficReport({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const views = [
    { header: t('analytics.traffic.pageViews'), value: (r: { pageViews: number }) => r.pageViews, render: (r: { pageViews: number }) => formatCount(r.pageViews, lang), numeric: true },
    { header: t('analytics.traffic.visitors'), value: (r: { visitors: number }) => r.visitors, render: (r: { visitors: number }) => formatCount(r.visitors, lang), numeric: true },
  ];
  return (
    <>
      <StatTiles
        stats={[
          { label: t('analytics.traffic.pageViews'), value: formatCount(report.totals.pageViews, lang) },
          { label: t('analytics.traffic.visitors'), value: formatCount(report.totals.visitors, lang) },
        ]}
      />
      <TrafficChart byDay={report.byDay} />
      <div className="grid gap-5 xl:grid-cols-3">
        <DataTable
          title={t('analytics.traffic.topPages')}
          period={report.period}
          rows={report.topPages}
          rowKey={(r) => r.path}
          columns={[{ header: t('analytics.traffic.page'), value: (r) => r.path, render: (r) => <code className="break-all text-xs">{r.path || '—'}</code> }, ...views]}
        />
        <DataTable
          title={t('analytics.traffic.languages')}
          period={report.period}
          rows={report.languages}
          rowKey={(r) => r.language}
          columns={[{ header: t('analytics.traffic.language'), value: (r) => r.language, render: (r) => t(`analytics.traffic.languageNames.${r.language}`, { defaultValue: r.language }) }, ...views]}
        />
        <DataTable
          title={t('analytics.traffic.byDay')}
          period={report.period}
          rows={report.byDay}
          rowKey={(r) => r.date}
          columns={[{ header: t('analytics.traffic.date'), value: (r) => r.date, render: (r) => formatDate(r.date, lang) }, ...views]}
        />
      </div>
    </>
  );
}
