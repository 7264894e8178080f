/**
 * The worker's earnings on their home page (issue #14): today's, this week's and this month's
 * completed jobs and what they earned (their share of the labour plus tips), with this month's
 * jobs as a CSV download. The numbers come from the server (src/domain/worker-earnings.ts).
 */
import Download from 'lucide-react/icons/download';
import { useTranslation } from 'react-i18next';
import { formatCents } from '@/domain/format';
import { Card } from '@/web/components/ui/card';
import { EARNINGS_CSV_URL, useWorkerEarnings } from '../api/get-worker-earnings';

export function EarningsSummary() {
  const { t, i18n } = useTranslation();
  const earnings = useWorkerEarnings();
  const money = (cents: number) => formatCents(cents, i18n.language);

  let body;
  if (earnings.isPending) body = <p className="text-sm text-slate-700">{t('worker.earnings.loading')}</p>;
  else if (earnings.isError) body = <p role="alert" className="text-sm text-red-800">{t('worker.earnings.loadFailed')}</p>;
  else {
    const periods = [
      { key: 'today', label: t('worker.earnings.today'), totals: earnings.data.today },
      { key: 'week', label: t('worker.earnings.week'), totals: earnings.data.week },
      { key: 'month', label: t('worker.earnings.month'), totals: earnings.data.month },
    ];
    body = (
      <>
        <ul className="grid gap-3 sm:grid-cols-3">
          {periods.map(({ key, label, totals }) => (
            <li key={key}>
              <Card className="flex h-full flex-col gap-1 p-4">
                <h3 className="text-sm font-medium text-slate-700">{label}</h3>
                <p className="text-2xl font-bold text-slate-900">{money(totals.earningsCents)}</p>
                <p className="text-sm text-slate-700">{t('worker.earnings.jobs', { count: totals.jobs })}</p>
                <p className="text-sm text-slate-700">{t('worker.earnings.breakdown', { share: money(totals.shareCents), tips: money(totals.tipCents) })}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="text-sm text-slate-700">{t('worker.earnings.rule', { percent: earnings.data.sharePercent })}</p>
      </>
    );
  }

  return (
    <section aria-labelledby="worker-earnings" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="worker-earnings" className="text-xl font-semibold text-slate-900">
          {t('worker.earnings.title')}
        </h2>
        <a
          href={EARNINGS_CSV_URL}
          download
          className="inline-flex min-h-12 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {t('worker.earnings.download')}
        </a>
      </div>
      {body}
    </section>
  );
}
