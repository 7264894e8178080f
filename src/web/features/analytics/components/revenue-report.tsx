/**
 * Bookings and revenue: headline numbers, the chart by day, and the tables by day, by service
 * and of cancellations by policy tier, each exportable as CSV. Money in dollars; the CSV has
 * plain dollar numbers.
 */
import { useTranslation } from 'react-i18next';
import { formatCents } from '@/domain/format';
import type { RevenueReport as Report } from '@/domain/analytics-reports';
import { centsToDollars } from '../utils/csv';
import { formatCount, formatDate } from '../utils/report-format';
import { DataTable, type Column } from './data-table';
import { RevenueChart } from './revenue-chart';
import { StatTiles } from './stat-tiles';

type Money = Report['byDay'][number];

export const revenueIsEmpty = (r: Report) => r.totals.bookings === 0 && r.totals.capturedCents === 0 && r.totals.refunds === 0 && r.cancellations.every((c) => c.bookings === 0) && r.rescheduled === 0;

export function RevenueReport({ report }: { report: Report }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const money = (cents: number | null) => (cents === null ? '—' : formatCents(cents, lang));
  const moneyColumns = <R extends Omit<Money, 'date'>>(): Column<R>[] => [
    { header: t('analytics.revenue.bookings'), value: (r) => r.bookings, render: (r) => formatCount(r.bookings, lang), numeric: true },
    { header: t('analytics.revenue.booked'), value: (r) => centsToDollars(r.bookedCents), render: (r) => money(r.bookedCents), numeric: true },
    { header: t('analytics.revenue.captured'), value: (r) => centsToDollars(r.capturedCents), render: (r) => money(r.capturedCents), numeric: true },
    { header: t('analytics.revenue.refunded'), value: (r) => centsToDollars(r.refundedCents), render: (r) => money(r.refundedCents), numeric: true },
    { header: t('analytics.revenue.net'), value: (r) => centsToDollars(r.netCents), render: (r) => money(r.netCents), numeric: true },
  ];
  const { totals, period } = report;
  return (
    <>
      <StatTiles
        stats={[
          { label: t('analytics.revenue.bookings'), value: formatCount(totals.bookings, lang), note: money(totals.bookedCents) },
          { label: t('analytics.revenue.captured'), value: money(totals.capturedCents), note: t('analytics.revenue.refunds', { count: totals.refunds }) + ` · ${money(totals.refundedCents)}` },
          { label: t('analytics.revenue.net'), value: money(totals.netCents) },
          { label: t('analytics.revenue.averageOrder'), value: money(totals.averageOrderCents), note: `${t('analytics.revenue.averageJob')}: ${money(totals.averageJobCents)} (${t('analytics.revenue.completedJobs', { count: totals.completedJobs })})` },
        ]}
      />
      <RevenueChart byDay={report.byDay} />
      <div className="grid gap-5 xl:grid-cols-2">
        <DataTable
          title={t('analytics.revenue.byDay')}
          period={period}
          rows={report.byDay}
          rowKey={(r) => r.date}
          columns={[{ header: t('analytics.revenue.date'), value: (r) => r.date, render: (r) => formatDate(r.date, lang) }, ...moneyColumns<Money>()]}
        />
        <div className="flex min-w-0 flex-col gap-5">
          <DataTable
            title={t('analytics.revenue.byService')}
            period={period}
            rows={report.byService}
            rowKey={(r) => r.service}
            columns={[
              { header: t('analytics.revenue.service'), value: (r) => r.service, render: (r) => t(`services.${r.service}.name`, { defaultValue: r.service }) },
              ...moneyColumns<Report['byService'][number]>(),
              { header: t('analytics.revenue.averageOrder'), value: (r) => centsToDollars(r.averageOrderCents), render: (r) => money(r.averageOrderCents), numeric: true },
            ]}
          />
          <DataTable
            title={t('analytics.revenue.cancellations')}
            period={period}
            rows={report.cancellations}
            rowKey={(r) => r.tier}
            columns={[
              { header: t('analytics.revenue.tier'), value: (r) => r.tier, render: (r) => t(`analytics.tiers.${r.tier}`) },
              { header: t('analytics.revenue.bookings'), value: (r) => r.bookings, numeric: true },
              { header: t('analytics.revenue.fees'), value: (r) => centsToDollars(r.feeCents), render: (r) => money(r.feeCents), numeric: true },
            ]}
          />
          <p className="text-sm text-slate-700">{t('analytics.revenue.rescheduled', { count: report.rescheduled })}</p>
        </div>
      </div>
    </>
  );
}
