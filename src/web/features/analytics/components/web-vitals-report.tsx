/**
 * Core Web Vitals: each metric's 75th percentile over all routes and per route, with its rating
 * (in words and colour, never colour alone) and how many samples fell in each rating.
 */
import { useTranslation } from 'react-i18next';
import type { WebVitalsReport as Report } from '@/domain/analytics-reports';
import { VITAL_THRESHOLDS, type VitalRating, type WebVital } from '@/domain/web-vitals';
import { cn } from '@/web/lib/cn';
import { formatVital } from '../utils/report-format';
import { DataTable, type Column } from './data-table';

export const webVitalsIsEmpty = (r: Report) => r.overall.length === 0;

type Row = Report['overall'][number];

const RATING_STYLE: Record<VitalRating, string> = {
  good: 'bg-green-100 text-green-900',
  needs_improvement: 'bg-amber-100 text-amber-900',
  poor: 'bg-red-100 text-red-900',
};

function RatingBadge({ rating }: { rating: VitalRating }) {
  const { t } = useTranslation();
  return <span className={cn('inline-block rounded-full px-2 py-0.5 text-xs font-semibold', RATING_STYLE[rating])}>{t(`analytics.vitals.ratings.${rating}`)}</span>;
}

export function WebVitalsReport({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const metricCell = (metric: WebVital) => {
    const { good, poor } = VITAL_THRESHOLDS[metric];
    return (
      <span className="flex flex-col">
        <abbr title={t(`analytics.vitals.names.${metric}`)} className="font-semibold no-underline">
          {metric}
        </abbr>
        <span className="text-xs font-normal text-slate-600">{t('analytics.vitals.thresholds', { good: formatVital(metric, good, lang), poor: formatVital(metric, poor, lang) })}</span>
      </span>
    );
  };
  const measures = <R extends Row>(): Column<R>[] => [
    { header: t('analytics.vitals.p75'), value: (r) => r.p75, render: (r) => formatVital(r.metric, r.p75, lang), numeric: true },
    { header: t('analytics.vitals.rating'), value: (r) => r.rating, render: (r) => <RatingBadge rating={r.rating} /> },
    { header: t('analytics.vitals.samples'), value: (r) => r.samples, numeric: true },
    { header: t('analytics.vitals.good'), value: (r) => r.good, numeric: true },
    { header: t('analytics.vitals.needsImprovement'), value: (r) => r.needsImprovement, numeric: true },
    { header: t('analytics.vitals.poor'), value: (r) => r.poor, numeric: true },
  ];
  return (
    <>
      <DataTable
        title={t('analytics.vitals.overall')}
        period={report.period}
        rows={report.overall}
        rowKey={(r) => r.metric}
        columns={[{ header: t('analytics.vitals.metric'), value: (r) => r.metric, render: (r) => metricCell(r.metric) }, ...measures<Row>()]}
      />
      <DataTable
        title={t('analytics.vitals.byRoute')}
        period={report.period}
        rows={report.byRoute}
        rowKey={(r) => `${r.path}|${r.metric}`}
        columns={[
          { header: t('analytics.vitals.route'), value: (r) => r.path, render: (r) => <code className="break-all text-xs">{r.path || '—'}</code> },
          { header: t('analytics.vitals.metric'), value: (r) => r.metric, render: (r) => <abbr title={t(`analytics.vitals.names.${r.metric}`)} className="no-underline">{r.metric}</abbr> },
          ...measures<Report['byRoute'][number]>(),
        ]}
      />
    </>
  );
}
