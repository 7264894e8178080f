/**
 * The error_metrics chart of the last 7 days (spec sections 7, 9): errors, critical and warnings
 * per Tampa day as bars, unique errors as a line, oldest day on the left. recharts is large, so
 * this module is loaded lazily by the page (React.lazy), after the counters and the list. The
 * same numbers are offered as a table for screen readers and small screens.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import type { ErrorMetricsDay } from '@/domain/errors-contract';
import { formatCalendarDate } from '@/domain/format';

const HEIGHT = 240;

/**
 * The width of an element, following resizes where the browser can tell. Measured before the
 * first paint (a layout effect): drawn first at the fallback, a 600 px chart widened a phone's
 * page for a frame.
 */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.max(240, Math.floor(element.getBoundingClientRect().width) || fallback));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return { ref, width };
}

export default function ErrorMetricsChart({ metrics }: { metrics: ErrorMetricsDay[] }) {
  const { t, i18n } = useTranslation();
  const { ref, width } = useWidth<HTMLDivElement>(600);
  const days = [...metrics].reverse().map((day) => ({ ...day, label: formatCalendarDate(day.date, i18n.language, 'weekdayDay') }));
  return (
    <div className="flex flex-col gap-3">
      <div ref={ref} aria-hidden="true" className="w-full min-w-0 overflow-hidden">
        <ComposedChart accessibilityLayer={false} width={width} height={HEIGHT} data={days} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="error_count" name={t('errorLog.chart.errors')} fill="#475569" isAnimationActive={false} />
          <Bar dataKey="critical_count" name={t('errorLog.chart.critical')} fill="#b91c1c" isAnimationActive={false} />
          <Bar dataKey="warning_count" name={t('errorLog.chart.warnings')} fill="#d97706" isAnimationActive={false} />
          <Line dataKey="unique_errors" name={t('errorLog.chart.unique')} stroke="#7c3aed" strokeWidth={2} isAnimationActive={false} />
        </ComposedChart>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-md text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">{t('errorLog.chart.showTable')}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('errorLog.chart.tableCaption')}</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="py-1 pr-3">{t('errorLog.chart.date')}</th>
                <th scope="col" className="py-1 pr-3 text-right">{t('errorLog.chart.errors')}</th>
                <th scope="col" className="py-1 pr-3 text-right">{t('errorLog.chart.critical')}</th>
                <th scope="col" className="py-1 pr-3 text-right">{t('errorLog.chart.warnings')}</th>
                <th scope="col" className="py-1 text-right">{t('errorLog.chart.unique')}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date} className="border-t border-slate-200">
                  <th scope="row" className="py-1 pr-3 font-normal">{day.label}</th>
                  <td className="py-1 pr-3 text-right tabular-nums">{day.error_count}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{day.critical_count}</td>
                  <td className="py-1 pr-3 text-right tabular-nums">{day.warning_count}</td>
                  <td className="py-1 text-right tabular-nums">{day.unique_errors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
