/** Visitors reaching each booking step, as horizontal bars in the flow's order. */
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import type { FunnelReport } from '@/domain/analytics-reports';
import { CHART_COLORS, ChartFrame } from './chart-frame';

export function FunnelChart({ steps }: { steps: FunnelReport['steps'] }) {
  const { t } = useTranslation();
  const data = steps.map((s) => ({ step: t(`booking.steps.${s.step}`), reached: s.reached }));
  return (
    <ChartFrame label={t('analytics.funnel.chartLabel')} height={280}>
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
        <YAxis type="category" dataKey="step" width={128} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Bar dataKey="reached" name={t('analytics.funnel.reached')} fill={CHART_COLORS.primary} isAnimationActive={false} />
      </BarChart>
    </ChartFrame>
  );
}
