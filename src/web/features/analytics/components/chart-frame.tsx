/**
 * A chart's frame: a figure named for screen readers (the table beside it carries the same
 * numbers), a fixed height and the full width, which recharts' ResponsiveContainer fills.
 */
import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';

export const CHART_COLORS = { primary: '#1d4ed8', secondary: '#0f766e', muted: '#94a3b8' };

export function ChartFrame({ label, children, height = 240 }: { label: string; children: ReactElement; height?: number }) {
  return (
    <figure aria-label={label} className="m-0 w-full min-w-0">
      <ResponsiveContainer width="100%" height={height} minWidth={0}>
        {children}
      </ResponsiveContainer>
      <figcaption className="sr-only">{label}</figcaption>
    </figure>
  );
}
