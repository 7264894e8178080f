/**
 * The three live counters of spec section 4: total, critical and unresolved among the latest 1000
 * entries, growing with each new entry (hooks/use-live-error-log.ts). Shown to any signed-in user.
 */
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/domain/format';
import type { ErrorCounts } from '@/domain/errors-contract';
import { cn } from '@/web/lib/cn';

export function ErrorCounters({ counts }: { counts: ErrorCounts }) {
  const { t, i18n } = useTranslation();
  const number = (value: number) => formatNumber(value, i18n.language);
  const tiles = [
    { key: 'total', label: t('errorLog.counters.total'), value: counts.total, tone: 'text-slate-900' },
    { key: 'critical', label: t('errorLog.counters.critical'), value: counts.critical, tone: counts.critical > 0 ? 'text-red-700' : 'text-slate-900' },
    { key: 'unresolved', label: t('errorLog.counters.unresolved'), value: counts.unresolved, tone: counts.unresolved > 0 ? 'text-orange-800' : 'text-slate-900' },
  ];
  return (
    <section aria-labelledby="error-counters-title" className="flex flex-col gap-2">
      <h2 id="error-counters-title" className="sr-only">
        {t('errorLog.counters.label')}
      </h2>
      <dl className="grid grid-cols-3 gap-2 sm:gap-4">
        {tiles.map((tile) => (
          <div key={tile.key} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-testid={`error-count-${tile.key}`}>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600 sm:text-sm">{tile.label}</dt>
            <dd className={cn('mt-1 text-2xl font-bold tabular-nums sm:text-3xl', tile.tone)}>{number(tile.value)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-slate-600">{t('errorLog.counters.window', { count: counts.window })}</p>
    </section>
  );
}
