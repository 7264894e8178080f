/** The headline numbers of a report: two columns on a phone, more on wider screens. */
import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
  /** A line under the value ("3 refunds"). */
  note?: ReactNode;
}

export function StatTiles({ stats }: { stats: Stat[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {stats.map((stat) => (
        <div key={stat.label} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
          <dt className="text-sm text-slate-700">{stat.label}</dt>
          <dd className="mt-1 text-xl font-semibold tabular-nums text-slate-900">{stat.value}</dd>
          {stat.note ? <dd className="text-xs text-slate-600">{stat.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
