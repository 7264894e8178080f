/** Page views and visitors by Tampa day. */
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { TrafficReport } from '@/domain/analytics-reports';
import { formatDay } from '../utils/report-format';
import { CHART_COLORS, ChartFrame } from './chart-frame';

export function TrafficChart({ byDay }: { byDay: TrafficReport['byDay'] }) {
  const { t, i18n } = useTranslation();
  const data = byDay.map((d) => ({ day: formatDay(d.date, i18n.language), pageViews: d.pageViews, visitors: d.visitors }));
  return (
    <ChartFrame label={t('analytics.traffic.chartLabel')}>
      <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
        <XAxis dataKey="day" tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
        <Tooltip />
        <Legend />
        <Line dataKey="pageViews" name={t('analytics.traffic.pageViews')} stroke={CHART_COLORS.primary} strokeWidth={2} dot={false} isAnimationActive={false} />
        <Line dataKey="visitors" name={t('analytics.traffic.visitors')} stroke={CHART_COLORS.secondary} strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </ChartFrame>
  );
}
