/** Bookings (bars, left axis) and captured revenue in dollars (line, right axis) by Tampa day. */
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCents } from '@/domain/format';
import type { RevenueReport } from '@/domain/analytics-reports';
import { formatDay } from '../utils/report-format';
import { CHART_COLORS, ChartFrame } from './chart-frame';

export function RevenueChart({ byDay }: { byDay: RevenueReport['byDay'] }) {
  const { t, i18n } = useTranslation();
  const data = byDay.map((d) => ({ day: formatDay(d.date, i18n.language), bookings: d.bookings, captured: d.capturedCents / 100 }));
  return (
    <ChartFrame label={t('analytics.revenue.chartLabel')}>
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis yAxisId="bookings" allowDecimals={false} tick={{ fontSize: 12 }} width={32} />
        <YAxis yAxisId="money" orientation="right" tick={{ fontSize: 12 }} width={56} tickFormatter={(v: number) => formatCents(v * 100, i18n.language)} />
        <Tooltip formatter={(value, name) => (name === t('analytics.revenue.captured') ? formatCents(Number(value) * 100, i18n.language) : value)} />
        <Legend />
        <Bar yAxisId="bookings" dataKey="bookings" name={t('analytics.revenue.bookings')} fill={CHART_COLORS.muted} isAnimationActive={false} />
        <Line yAxisId="money" dataKey="captured" name={t('analytics.revenue.captured')} stroke={CHART_COLORS.primary} strokeWidth={2} dot={false} isAnimationActive={false} />
      </ComposedChart>
    </ChartFrame>
  );
}
