/**
 * The booking funnel: started, booked and the conversion; visitors reaching each step with the
 * drop-off (chart and table); the validation rules that stopped people, in words with their key.
 */
import { useTranslation } from 'react-i18next';
import type { FunnelReport as Report } from '@/domain/analytics-reports';
import { formatCount, formatShare } from '../utils/report-format';
import { DataTable } from './data-table';
import { FunnelChart } from './funnel-chart';
import { StatTiles } from './stat-tiles';

export const funnelIsEmpty = (r: Report) => r.started === 0;

export function FunnelReport({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const stepName = (step: string) => t(`booking.steps.${step}`, { defaultValue: step });
  return (
    <>
      <StatTiles
        stats={[
          { label: t('analytics.funnel.started'), value: formatCount(report.started, lang) },
          { label: t('analytics.funnel.booked'), value: formatCount(report.booked, lang) },
          { label: t('analytics.funnel.conversion'), value: formatShare(report.conversion, lang) },
        ]}
      />
      <FunnelChart steps={report.steps} />
      <DataTable
        title={t('analytics.funnel.title')}
        period={report.period}
        rows={report.steps}
        rowKey={(r) => r.step}
        columns={[
          { header: t('analytics.funnel.step'), value: (r) => r.step, render: (r) => stepName(r.step) },
          { header: t('analytics.funnel.reached'), value: (r) => r.reached, numeric: true },
          { header: t('analytics.funnel.completed'), value: (r) => r.completed, numeric: true },
          { header: t('analytics.funnel.dropOff'), value: (r) => r.dropOff, numeric: true },
          { header: t('analytics.funnel.dropOffRate'), value: (r) => r.dropOffRate, render: (r) => formatShare(r.dropOffRate, lang), numeric: true },
          { header: t('analytics.funnel.fromStart'), value: (r) => r.fromStart, render: (r) => formatShare(r.fromStart, lang), numeric: true },
        ]}
      />
      <DataTable
        title={t('analytics.funnel.blockers')}
        period={report.period}
        rows={report.blockers}
        rowKey={(r) => `${r.step}|${r.field}|${r.rule}`}
        empty={t('analytics.funnel.noBlockers')}
        columns={[
          { header: t('analytics.funnel.step'), value: (r) => r.step, render: (r) => stepName(r.step) },
          { header: t('analytics.funnel.field'), value: (r) => r.field, render: (r) => <code className="text-xs">{r.field}</code> },
          {
            header: t('analytics.funnel.rule'),
            value: (r) => r.rule,
            render: (r) => (
              <span className="flex flex-col">
                {i18n.exists(r.rule) ? <span>{t(r.rule, { zip: '…' })}</span> : null}
                <code className="text-xs text-slate-600">{r.rule}</code>
              </span>
            ),
          },
          { header: t('analytics.funnel.times'), value: (r) => r.times, numeric: true },
          { header: t('analytics.funnel.visitors'), value: (r) => r.visitors, numeric: true },
        ]}
      />
    </>
  );
}
